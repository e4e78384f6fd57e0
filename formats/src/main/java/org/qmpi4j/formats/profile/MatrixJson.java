package org.qmpi4j.formats.profile;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * The {@code matrix} member of {@code profile.json} (described at {@link ProfileFormat}): the
 * point-to-point traffic as sparse cells, as dense arrays for small jobs, and the messages to
 * other worlds; written and read side by side.
 */
final class MatrixJson {
    private MatrixJson() {}

    static void write(JsonWriter w, Profile p) {
        w.name("matrix").beginObject();
        w.member("row", "sender").member("column", "receiver");
        TrafficMatrix traffic = p.matrix();
        w.member("pairs", traffic.pairs());
        w.name("cells").beginArray();
        traffic.forEach(new Cells(w));
        w.endArray();
        if (p.ranks() <= ProfileFormat.DENSE_MAX_RANKS) {
            matrix(w, "bytes", traffic.denseBytes());
            matrix(w, "messages", traffic.denseMessages());
        }
        w.name("other_worlds").beginArray();
        for (InterWorldTraffic t : p.interWorld()) {
            w.beginInlineObject().member("rank", t.rank());
            otherWorld(w, t);
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }

    /** The members of messages to another world that a rank's profile and the job's share. */
    static void otherWorld(JsonWriter w, InterWorldTraffic t) {
        w.member("via", t.via())
                .member("peer", t.peer())
                .member("messages", t.messages())
                .member("bytes", t.bytes());
    }

    /** The traffic between the job's ranks: the cells, or version 1's dense arrays. */
    static TrafficMatrix traffic(JsonNode matrix, int ranks) throws JsonFormatException {
        return matrix.optional("cells").isNull()
                ? TrafficMatrix.ofDense(
                        matrix(matrix.get("bytes"), ranks), matrix(matrix.get("messages"), ranks), ranks)
                : cells(matrix.get("cells"), ranks);
    }

    /** The messages to processes of other worlds (none before they were written). */
    static List<InterWorldTraffic> otherWorlds(JsonNode matrix, int ranks) throws JsonFormatException {
        List<InterWorldTraffic> interWorld = new ArrayList<>();
        JsonNode other = matrix.optional("other_worlds");
        if (!other.isNull()) {
            for (JsonNode t : other.elements()) {
                interWorld.add(new InterWorldTraffic(
                        ProfileFormat.rankIn(t, ranks),
                        t.get("via").asString(),
                        t.get("peer").asInt(),
                        t.get("messages").asLong(),
                        t.get("bytes").asLong()));
            }
        }
        return interWorld;
    }

    /** Writes each matrix cell as {@code [from, to, bytes, messages]}. */
    private static final class Cells implements TrafficMatrix.CellVisitor {
        private final JsonWriter w;

        Cells(JsonWriter w) {
            this.w = w;
        }

        @Override
        public void visit(int from, int to, long bytes, long messages) {
            w.beginInlineArray()
                    .value(from)
                    .value(to)
                    .value(bytes)
                    .value(messages)
                    .endArray();
        }
    }

    private static void matrix(JsonWriter w, String name, long[][] m) {
        w.name(name).beginArray();
        for (long[] row : m) {
            w.beginInlineArray();
            for (long v : row) {
                w.value(v);
            }
            w.endArray();
        }
        w.endArray();
    }

    private static TrafficMatrix cells(JsonNode n, int ranks) throws JsonFormatException {
        TrafficMatrix.Builder b = TrafficMatrix.builder(ranks);
        for (JsonNode c : n.elements()) {
            long[] v = c.asLongArray();
            if (v.length != 4 || v[0] < 0 || v[0] >= ranks || v[1] < 0 || v[1] >= ranks) {
                throw new JsonFormatException(
                        c.path() + ": expected [from, to, bytes, messages] with ranks below " + ranks);
            }
            b.add((int) v[0], (int) v[1], v[2], v[3]);
        }
        return b.build();
    }

    private static long[][] matrix(JsonNode n, int ranks) throws JsonFormatException {
        List<JsonNode> rows = n.elements();
        if (rows.size() != ranks) {
            throw new JsonFormatException(n.path() + ": expected " + ranks + " rows, found " + rows.size());
        }
        long[][] m = new long[ranks][];
        for (int i = 0; i < ranks; i++) {
            m[i] = rows.get(i).asLongArray();
            if (m[i].length != ranks) {
                throw new JsonFormatException(
                        rows.get(i).path() + ": expected " + ranks + " columns, found " + m[i].length);
            }
        }
        return m;
    }
}
