package org.qmpi4j.formats.worlds;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.profile.Units;

/**
 * What {@link WorldIndex} writes about a job of several worlds: {@code worlds.json} (every world's
 * record, for scripts) and {@code worlds.txt} (the job summary, for people), each world with its
 * application and MPI time from its {@code profile.json}.
 */
final class WorldsSummary {
    /** Made when a job summary is first written: only jobs of several worlds have one. */
    private static final class Time {
        static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT)
                .withZone(ZoneId.systemDefault());
    }

    private WorldsSummary() {}

    static String indexJson(Path top, List<WorldRecord> worlds) {
        StringBuilder sb = new StringBuilder();
        JsonWriter w = new JsonWriter(sb, true);
        w.beginObject().member("format", "qmpi4j-worlds").member("version", 1);
        w.name("worlds").beginArray();
        for (WorldRecord r : worlds) {
            double[] times = times(top, r);
            WorldRecord.Spawn by = WorldIndex.spawnCall(worlds, r);
            w.beginObject()
                    .member("id", r.id)
                    .member("folder", r.folder)
                    .member("parent", r.parent)
                    .member("spawned_by_call", by == null ? -1 : by.sequence)
                    .member("command", r.command)
                    .member("ranks", r.ranks)
                    .member("state", r.state)
                    .member("start_ms", r.startMillis)
                    .member("end_ms", r.endMillis)
                    .member("app_s", times[0])
                    .member("mpi_s", times[1])
                    .endObject();
        }
        w.endArray().endObject();
        w.finish();
        return sb.toString();
    }

    /** The job summary: one block per world, parent first, then by start time. */
    static String text(Path top, List<WorldRecord> worlds) {
        StringBuilder sb = new StringBuilder();
        sb.append("qmpi4j job of ")
                .append(worlds.size())
                .append(" MPI_COMM_WORLD(s) in ")
                .append(top)
                .append('\n');
        sb.append("Each world's profile, matrix and trace are in its folder (the first world's in this folder).\n\n");
        for (WorldRecord r : worlds) {
            double[] times = times(top, r);
            sb.append("world ")
                    .append(r.id)
                    .append("  folder ")
                    .append(r.folder)
                    .append("  ranks ")
                    .append(r.ranks)
                    .append("  ")
                    .append(r.state)
                    .append('\n');
            if (r.parent == null) {
                sb.append("  started by mpirun");
            } else {
                sb.append("  spawned by world ").append(r.parent.isEmpty() ? "(unknown)" : r.parent);
                WorldRecord.Spawn s = WorldIndex.spawnCall(worlds, r);
                if (s != null) {
                    sb.append(", its ")
                            .append(s.function)
                            .append(" #")
                            .append(s.sequence)
                            .append(" (root ")
                            .append(s.root)
                            .append(", maxprocs ")
                            .append(s.maxprocs)
                            .append(")");
                }
            }
            sb.append(" at ")
                    .append(Time.FORMAT.format(Instant.ofEpochMilli(r.startMillis)))
                    .append('\n');
            sb.append("  command ").append(r.command).append('\n');
            sb.append("  time ")
                    .append(r.endMillis > 0 ? Units.seconds((r.endMillis - r.startMillis) / 1e3) : "(running)");
            if (times[0] >= 0) {
                sb.append("  application ")
                        .append(Units.seconds(times[0]))
                        .append("  MPI ")
                        .append(Units.seconds(times[1]))
                        .append(" (")
                        .append(Decimals.fixed(times[0] > 0 ? 100 * times[1] / times[0] : 0.0, 1))
                        .append("%)");
            }
            sb.append('\n');
            for (WorldRecord.Spawn s : r.spawns) {
                sb.append("  ")
                        .append(s.function)
                        .append(" #")
                        .append(s.sequence)
                        .append(" at ")
                        .append(Time.FORMAT.format(Instant.ofEpochMilli(s.startMillis)))
                        .append(": ")
                        .append(s.command)
                        .append(" x")
                        .append(s.maxprocs)
                        .append('\n');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** Application and MPI seconds summed over the world's ranks, from its profile.json; {-1, -1} without one. */
    private static double[] times(Path top, WorldRecord r) {
        Path profile = top.resolve(r.folder).resolve("profile.json");
        try {
            JsonNode time = JsonNode.parse(Files.readString(profile, StandardCharsets.UTF_8))
                    .get("time");
            return new double[] {time.get("app_s").asDouble(), time.get("mpi_s").asDouble()};
        } catch (IOException | JsonFormatException | RuntimeException e) {
            return new double[] {-1, -1};
        }
    }
}
