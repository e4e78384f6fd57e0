package org.qmpi4j.formats.worlds;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * One {@code MPI_COMM_WORLD} of a job, as its rank 0 describes it in {@code world.json} of the
 * world's own folder: who it is, where its results are, whether it was spawned and by which world,
 * with what command, and the spawn calls it made itself (so that a child can be matched to the
 * call that started it).
 */
public final class WorldRecord {
    public static final String FORMAT = "qmpi4j-world";
    public static final int VERSION = 1;

    /** One {@code MPI_COMM_SPAWN}/{@code MPI_COMM_SPAWN_MULTIPLE} this world made, seen by its rank 0. */
    public static final class Spawn {
        /** 1 for the world's first spawn call, 2 for the next, ... */
        public final int sequence;

        public final String function;
        /** The {@code root} argument: rank, in the spawning communicator, whose arguments count. */
        public final int root;
        /** Command and arguments, as the root passed them ({@code " : "} between the commands of a spawn-multiple). */
        public final @Nullable String command;

        public final int maxprocs;
        /** When the call started and returned, milliseconds since the epoch. */
        public final long startMillis;

        public final long endMillis;

        public Spawn(
                int sequence,
                String function,
                int root,
                @Nullable String command,
                int maxprocs,
                long startMillis,
                long endMillis) {
            this.sequence = sequence;
            this.function = function;
            this.root = root;
            this.command = command;
            this.maxprocs = maxprocs;
            this.startMillis = startMillis;
            this.endMillis = endMillis;
        }
    }

    /** The job-unique id: Open MPI's job id of the world where known, else made from time, pid and a counter. */
    public String id = "";

    /** The folder of the world's results relative to the job's folder: {@code .} for the top world. */
    public @Nullable String folder;
    /** The id of the world that spawned this one (from Open MPI's parent port), {@code ""} if spawned by a world it cannot name, {@code null} if not spawned. */
    public @Nullable String parent;
    /** The main class (or jar) and arguments of rank 0. */
    public @Nullable String command;

    public int ranks;
    public @Nullable String binding;
    public @Nullable String host;
    public long pid;
    /** When rank 0's JVM started, and when the world finished ({@code 0}: not yet), milliseconds since the epoch. */
    public long startMillis;

    public long endMillis;
    /**
     * {@code running}, {@code finalized}, {@code exited} (rank 0's JVM ended before
     * {@code MPI_Finalize}) or {@code aborted} (a rank called {@code MPI_Abort}).
     */
    public String state = "running";

    public final List<Spawn> spawns = new ArrayList<>();

    public boolean spawned() {
        return parent != null;
    }

    public List<Spawn> spawnCalls() {
        return Collections.unmodifiableList(spawns);
    }

    public String toJson() {
        StringBuilder sb = new StringBuilder();
        JsonWriter w = new JsonWriter(sb, true);
        w.beginObject().member("format", FORMAT).member("version", VERSION);
        w.member("id", id)
                .member("folder", folder)
                .member("parent", parent)
                .member("command", command)
                .member("ranks", ranks)
                .member("binding", binding)
                .member("host", host)
                .member("pid", pid)
                .member("start_ms", startMillis)
                .member("end_ms", endMillis)
                .member("state", state);
        w.name("spawns").beginArray();
        for (Spawn s : spawns) {
            w.beginInlineObject()
                    .member("sequence", s.sequence)
                    .member("function", s.function)
                    .member("root", s.root)
                    .member("command", s.command)
                    .member("maxprocs", s.maxprocs)
                    .member("start_ms", s.startMillis)
                    .member("end_ms", s.endMillis)
                    .endObject();
        }
        w.endArray().endObject();
        w.finish();
        return sb.toString();
    }

    public static WorldRecord fromJson(CharSequence json) throws JsonFormatException {
        JsonNode root = JsonNode.parse(json);
        if (!FORMAT.equals(root.get("format").asString())) {
            throw new JsonFormatException("format: expected \"" + FORMAT + "\"");
        }
        WorldRecord w = new WorldRecord();
        w.id = root.get("id").asString();
        w.folder = root.get("folder").asString();
        w.parent = root.get("parent").asStringOrNull();
        w.command = root.get("command").asStringOrNull();
        w.ranks = root.get("ranks").asInt();
        w.binding = root.get("binding").asStringOrNull();
        w.host = root.get("host").asStringOrNull();
        w.pid = root.get("pid").asLong();
        w.startMillis = root.get("start_ms").asLong();
        w.endMillis = root.get("end_ms").asLong();
        w.state = root.get("state").asString();
        for (JsonNode s : root.get("spawns").elements()) {
            w.spawns.add(new Spawn(
                    s.get("sequence").asInt(),
                    s.get("function").asString(),
                    s.get("root").asInt(),
                    s.get("command").asStringOrNull(),
                    s.get("maxprocs").asInt(),
                    s.get("start_ms").asLong(),
                    s.get("end_ms").asLong()));
        }
        return w;
    }
}
