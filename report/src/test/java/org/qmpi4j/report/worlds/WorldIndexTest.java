package org.qmpi4j.report.worlds;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorldIndexTest {
    private static WorldRecord world(String id, String folder, String parent, long start) {
        WorldRecord r = new WorldRecord();
        r.id = id;
        r.folder = folder;
        r.parent = parent;
        r.command = "Main " + id;
        r.ranks = 1;
        r.binding = "openmpi";
        r.host = "h";
        r.pid = 1;
        r.startMillis = start;
        return r;
    }

    @Test
    void childrenOfASpawnLoopAreMatchedToTheirOwnCall(@TempDir Path top) throws Exception {
        WorldRecord parent = world("1", ".", null, 1000);
        parent.spawns.add(new WorldRecord.Spawn(1, "MPI_COMM_SPAWN", 0, "java A", 1, 2000, 2600));
        parent.spawns.add(new WorldRecord.Spawn(2, "MPI_COMM_SPAWN", 0, "java A", 1, 2610, 3300));
        WorldRecord first = world("2", "worlds/2", "1", 2050);
        WorldRecord second = world("3", "worlds/3", "1", 2700);
        for (WorldRecord r : List.of(parent, first, second)) {
            Files.createDirectories(top.resolve(r.folder));
            WorldIndex.writeRecord(top, r);
        }
        List<WorldRecord> worlds = WorldIndex.update(top);
        assertThat(worlds).extracting(r -> r.id).containsExactly("1", "2", "3");
        assertThat(WorldIndex.spawnCall(worlds, worlds.get(1)).sequence).isEqualTo(1);
        assertThat(WorldIndex.spawnCall(worlds, worlds.get(2)).sequence).isEqualTo(2);
        assertThat(WorldIndex.spawnCall(worlds, worlds.get(0))).isNull();
        assertThat(Files.readString(top.resolve(WorldIndex.WORLDS_TXT)))
                .contains("spawned by world 1, its MPI_COMM_SPAWN #2")
                .contains("started by mpirun");
        assertThat(WorldIndex.read(top, new ArrayList<>())).hasSize(3);
    }

    @Test
    void aJobOfOneWorldGetsNoIndex(@TempDir Path top) throws Exception {
        WorldIndex.writeRecord(top, world("1", ".", null, 1000));
        WorldIndex.update(top);
        assertThat(top.resolve(WorldIndex.WORLDS_JSON)).doesNotExist();
        assertThat(WorldRecord.fromJson(Files.readString(top.resolve("world.json"))).id)
                .isEqualTo("1");
    }
}
