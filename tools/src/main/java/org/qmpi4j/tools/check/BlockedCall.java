package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * One rank's state as the deadlock watch sends it to rank 0 once per interval: its progress
 * count, whether it is inside an MPI call, and that call (function, site, peer and tag in
 * {@code COMM_WORLD}, communicator and its members, and for a wait the requests it waits for).
 * One line of JSON on the watch's socket.
 */
final class BlockedCall {
    /** A call: the blocked one, or one whose request a wait waits for. */
    static final class Call {
        String function = "";
        String className = "(unknown)";
        String method = "(unknown)";
        /** The source file, or {@code null} where the class file names none. */
        @Nullable
        String file;

        int line = -1;
        /** The peer's world rank; -1 for any, -2 for none. */
        int peer = -2;
        /** The second peer of a send-receive (its source), as {@link #peer}. */
        int source = -2;

        int tag = Integer.MIN_VALUE;
        String comm = "";
        int[] members = new int[0];
        /**
         * The call waits on processes of another world (a spawned, parent or connected one, or a
         * spawn, accept or connect): they may release it, and this job's watch does not see them.
         */
        boolean otherWorld;
        /**
         * Of a receive from a named rank: the wildcard receive before it that took a message of
         * that rank (its function, site, and tag or {@link MessageRaces#ANY_TAG}), if any.
         */
        @Nullable
        Call took;
        /** Of {@link #took}: this rank's {@code message_race} clock when it completed; -1 otherwise. */
        long clock = -1;
    }

    /** Whether this rank's blocked call, or a request it waits for, waits on another world. */
    boolean waitsOnOtherWorld() {
        if (call == null) {
            return false;
        }
        if (call.otherWorld) {
            return true;
        }
        for (Call w : waits) {
            if (w.otherWorld) {
                return true;
            }
        }
        return false;
    }

    int rank;
    long progress;
    boolean inside;
    /**
     * The rank runs at {@code MPI_THREAD_MULTIPLE}: another of its threads may release what this
     * one waits for, so it is judged only when every rank is blocked.
     */
    boolean multiple;

    /**
     * The rank's {@code message_race} clock ({@link MessageRaces}), -1 where it follows none; a
     * message it is blocked sending was sent at this clock or before.
     */
    long clock = -1;
    /** Whether that clock is only a lower bound: its messages witness no race. */
    boolean unsure;

    /** The blocked call, or {@code null} where the rank is not inside MPI. */
    @Nullable
    Call call;

    final List<Call> waits = new ArrayList<>();

    String toJson() {
        StringBuilder b = new StringBuilder(256);
        JsonWriter w = new JsonWriter(b, false);
        w.beginObject()
                .member("rank", rank)
                .member("progress", progress)
                .member("inside", inside)
                .member("multiple", multiple)
                .member("clock", clock)
                .member("unsure", unsure);
        if (call != null) {
            w.name("call");
            write(w, call);
            w.name("waits").beginArray();
            for (Call c : waits) {
                write(w, c);
            }
            w.endArray();
        }
        w.endObject();
        w.finish();
        return b.toString().replace('\n', ' ');
    }

    private static void write(JsonWriter w, Call c) {
        w.beginObject()
                .member("function", c.function)
                .member("class", c.className)
                .member("method", c.method)
                .member("file", c.file == null ? "" : c.file)
                .member("line", c.line)
                .member("peer", c.peer)
                .member("source", c.source)
                .member("tag", c.tag)
                .member("comm", c.comm)
                .member("other_world", c.otherWorld)
                .member("clock", c.clock)
                .name("members")
                .beginArray();
        for (int m : c.members) {
            w.value(m);
        }
        w.endArray();
        if (c.took != null) {
            w.name("took");
            write(w, c.took);
        }
        w.endObject();
    }

    static BlockedCall parse(String json) throws JsonFormatException {
        JsonNode n = JsonNode.parse(json);
        BlockedCall s = new BlockedCall();
        s.rank = n.get("rank").asInt();
        s.progress = n.get("progress").asLong();
        s.inside = n.get("inside").asBoolean();
        s.multiple = n.has("multiple") && n.get("multiple").asBoolean();
        s.clock = n.has("clock") ? n.get("clock").asLong() : -1;
        s.unsure = n.has("unsure") && n.get("unsure").asBoolean();
        if (n.has("call")) {
            s.call = call(n.get("call"));
            for (JsonNode c : n.get("waits").elements()) {
                s.waits.add(call(c));
            }
        }
        return s;
    }

    private static Call call(JsonNode n) throws JsonFormatException {
        Call c = new Call();
        c.function = n.get("function").asString();
        c.className = n.get("class").asString();
        c.method = n.get("method").asString();
        String file = n.get("file").asString();
        c.file = file.isEmpty() ? null : file;
        c.line = n.get("line").asInt();
        c.peer = n.get("peer").asInt();
        c.source = n.get("source").asInt();
        c.tag = n.get("tag").asInt();
        c.comm = n.get("comm").asString();
        c.otherWorld = n.has("other_world") && n.get("other_world").asBoolean();
        c.clock = n.has("clock") ? n.get("clock").asLong() : -1;
        List<JsonNode> m = n.get("members").elements();
        c.members = new int[m.size()];
        for (int i = 0; i < c.members.length; i++) {
            c.members[i] = m.get(i).asInt();
        }
        if (n.has("took")) {
            c.took = call(n.get("took"));
        }
        return c;
    }
}
