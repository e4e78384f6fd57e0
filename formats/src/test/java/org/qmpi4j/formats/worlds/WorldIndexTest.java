package org.qmpi4j.formats.worlds;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.Nullable;

class WorldIndexTest {
    private static WorldRecord world(String id, String folder, @Nullable String parent, long start) {
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
        assertThat(Objects.requireNonNull(WorldIndex.spawnCall(worlds, worlds.get(1))).sequence)
                .isEqualTo(1);
        assertThat(Objects.requireNonNull(WorldIndex.spawnCall(worlds, worlds.get(2))).sequence)
                .isEqualTo(2);
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

    @Test
    void ofWorldsEndingAtOnceExactlyOneEndsTheJob(@TempDir Path top) throws Exception {
        int n = 12;
        List<WorldRecord> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            WorldRecord r = world(Integer.toString(i), i == 0 ? "." : "worlds/" + i, i == 0 ? null : "0", 1000 + i);
            Files.createDirectories(top.resolve(r.folder));
            WorldIndex.writeRecord(top, r);
            records.add(r);
        }
        List<Integer> said = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        for (WorldRecord r : records) {
            Thread t = new Thread(() -> {
                try {
                    go.await();
                    said.add(WorldIndex.end(top, top.resolve(r.folder), r, "finalized"));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            t.start();
            threads.add(t);
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertThat(said).hasSize(n).containsOnlyOnce(n).containsOnly(0, n);
        assertThat(WorldIndex.read(top, new ArrayList<>()))
                .extracting(r -> r.state)
                .containsOnly("finalized");
    }

    @Test
    void anAbortWrittenByAnotherRankStaysWhenRankZeroEndsTheWorld(@TempDir Path top) throws Exception {
        WorldRecord parent = world("1", ".", null, 1000);
        WorldRecord child = world("2", "worlds/2", "1", 2000);
        for (WorldRecord r : List.of(parent, child)) {
            Files.createDirectories(top.resolve(r.folder));
            WorldIndex.writeRecord(top, r);
        }
        // Rank 3 of the child aborts: it keeps no record, the one on disk is ended.
        assertThat(WorldIndex.end(top, top.resolve("worlds/2"), null, "aborted"))
                .isZero();
        // Then the child's rank 0 is stopped and ends its world as exited: the abort stays.
        assertThat(WorldIndex.end(top, top.resolve("worlds/2"), child, "exited"))
                .isZero();
        assertThat(child.state).isEqualTo("aborted");
        assertThat(WorldIndex.end(top, top, parent, "finalized")).isEqualTo(2);
        assertThat(WorldIndex.read(top, new ArrayList<>()))
                .extracting(r -> r.state)
                .containsExactly("finalized", "aborted");
        assertThat(Files.readString(top.resolve(WorldIndex.WORLDS_TXT))).contains("ranks 1  aborted");
    }
}
