package org.qmpi4j.formats.profile;

import java.util.Map;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * The per-rank file ({@code ranks/rank-<r>.profile.json}): one rank's {@link RankProfile} as JSON,
 * with times in integer nanoseconds so that merging loses nothing.
 * <pre>{@code
 * {"format": "qmpi4j-rank-profile", "version": 1, "rank": 0, "size": 4, "binding": "openmpi",
 *  "state": "finalized", "app_ns": 51230000, "environment": {"host": "n1", "pid": "4242"},
 *  "functions": [{"name": "MPI_SEND", "kind": "POINT_TO_POINT", "calls": 3, "time_ns": 41000,
 *                 "min_ns": 9000, "max_ns": 21000, "bytes": 12, "histogram": [[3, 3]]}],
 *  "sites": [{"function": "MPI_SEND", "class": "org.example.Ring", "method": "main",
 *             "file": "Ring.java", "line": 42, "calls": 3, ...}],
 *  "sent": {"messages": [0, 3], "bytes": [0, 12]}}
 * }</pre>
 * A histogram is a list of {@code [bucket, count]} pairs (see {@link SizeHistogram}), empty
 * buckets left out.
 *
 * <p>{@code sent} is dense (one entry per rank, as above: version 1) up to
 * {@value #DENSE_MAX_RANKS} ranks; for larger jobs the file is version 2 and {@code sent} lists
 * only the ranks sent to: {@code "sent": {"to": [1, 63], "messages": [3, 3], "bytes": [12, 12]}},
 * so that each of 4096 ranks does not write 8192 zeros. Both versions are read.
 */
public final class RankProfileFormat {
    public static final String FORMAT = "qmpi4j-rank-profile";
    public static final int VERSION = 2;

    /** Up to this many ranks, files are version 1 with dense {@code sent} arrays. */
    public static final int DENSE_MAX_RANKS = 64;

    private RankProfileFormat() {}

    /** Copies the sent cells into parallel arrays, in the order visited. */
    private static final class SentColumns implements TrafficMatrix.CellVisitor {
        private final int[] to;
        private final long[] messages;
        private final long[] bytes;
        private int k;

        SentColumns(int[] to, long[] messages, long[] bytes) {
            this.to = to;
            this.messages = messages;
            this.bytes = bytes;
        }

        @Override
        public void visit(int from, int dest, long b, long m) {
            to[k] = dest;
            messages[k] = m;
            bytes[k++] = b;
        }
    }

    public static String write(RankProfile p) {
        StringBuilder sb = new StringBuilder(4096);
        boolean dense = p.size() <= DENSE_MAX_RANKS;
        JsonWriter w = VersionedJson.begin(sb, FORMAT, dense ? 1 : VERSION);
        w.member("rank", p.rank()).member("size", p.size()).member("binding", p.binding());
        w.member("state", p.state().id()).member("app_ns", p.appNs());
        w.name("environment").beginObject();
        // Loops and a named visitor, no lambdas: every rank writes this once at the end of a short job.
        for (Map.Entry<String, String> e : p.environment().entrySet()) {
            w.member(e.getKey(), e.getValue());
        }
        w.endObject();
        JvmSummary jvm = p.jvm();
        if (jvm != null) {
            jvm.write(w);
        }
        w.name("functions").beginArray();
        for (Map.Entry<String, CallStats> f : p.functions().entrySet()) {
            String name = f.getKey();
            w.beginObject().member("name", name);
            String kind = p.kinds().get(name);
            if (kind != null) {
                w.member("kind", kind);
            }
            stats(w, f.getValue());
            w.endObject();
        }
        w.endArray();
        w.name("sites").beginArray();
        for (SiteKey k : p.sortedSites()) {
            w.beginObject();
            SiteKeyJson.write(w, k);
            stats(w, Profile.known(p.sites(), k));

            w.endObject();
        }
        w.endArray();
        w.name("sent").beginObject();
        if (dense) {
            w.name("messages");
            longs(w, p.sentMessages());
            w.name("bytes");
            longs(w, p.sentBytes());
        } else {
            int[] to = new int[p.sentPeers()];
            long[] messages = new long[to.length];
            long[] bytes = new long[to.length];
            p.forEachSent(new SentColumns(to, messages, bytes));
            w.name("to").beginInlineArray();
            for (int d : to) {
                w.value(d);
            }
            w.endArray();
            w.name("messages");
            longs(w, messages);
            w.name("bytes");
            longs(w, bytes);
        }
        w.endObject();
        if (!p.interWorld().isEmpty()) {
            w.name("sent_to_other_worlds").beginArray();
            for (InterWorldTraffic t : p.interWorld()) {
                w.beginInlineObject();
                MatrixJson.otherWorld(w, t);
                w.endObject();
            }
            w.endArray();
        }
        w.endObject();
        w.finish();
        return sb.toString();
    }

    private static void stats(JsonWriter w, CallStats s) {
        w.member("calls", s.calls())
                .member("time_ns", s.timeNs())
                .member("min_ns", s.minNs())
                .member("max_ns", s.maxNs())
                .member("bytes", s.bytes());
        long[] h = s.histogram();
        if (h != null) {
            w.name("histogram").beginInlineArray();
            for (int k = 0; k < h.length; k++) {
                if (h[k] != 0) {
                    w.beginInlineArray().value(k).value(h[k]).endArray();
                }
            }
            w.endArray();
        }
    }

    private static void longs(JsonWriter w, long[] values) {
        w.beginInlineArray();
        for (long v : values) {
            w.value(v);
        }
        w.endArray();
    }

    /**
     * Reads a per-rank file.
     *
     * @throws JsonFormatException if it is not JSON or not a per-rank profile of a known version
     */
    public static RankProfile read(CharSequence json) throws JsonFormatException {
        JsonNode root = VersionedJson.parse(json, FORMAT, 1, VERSION);
        int rank = root.get("rank").asInt();
        int size = root.get("size").asInt();
        if (size < 1 || rank < 0 || rank >= size) {
            throw new JsonFormatException("rank " + rank + " of " + size + " ranks is impossible");
        }
        RankProfile.Builder b =
                RankProfile.builder(rank, size, root.get("binding").asString());
        String state = root.get("state").asString();
        try {
            b.state(RankProfile.State.fromId(state));
        } catch (IllegalArgumentException e) {
            throw new JsonFormatException("state: unknown state \"" + state + "\"");
        }
        b.appNs(root.get("app_ns").asLong());
        JsonNode env = root.optional("environment");
        if (!env.isNull()) {
            for (Map.Entry<String, JsonNode> e : env.members().entrySet()) {
                b.environment(e.getKey(), e.getValue().asString());
            }
        }
        b.jvm(JvmSummary.read(root));
        for (JsonNode f : root.get("functions").elements()) {
            b.function(f.get("name").asString(), f.optional("kind").asStringOrNull(), stats(f));
        }
        for (JsonNode s : root.get("sites").elements()) {
            b.site(SiteKeyJson.read(s), stats(s));
        }
        JsonNode sent = root.get("sent");
        long[] messages = sent.get("messages").asLongArray();
        long[] bytes = sent.get("bytes").asLongArray();
        JsonNode toNode = sent.optional("to");
        if (toNode.isNull()) {
            if (messages.length != size || bytes.length != size) {
                throw new JsonFormatException("sent: expected " + size + " entries per array");
            }
            for (int d = 0; d < size; d++) {
                if (messages[d] != 0 || bytes[d] != 0) {
                    b.sent(d, messages[d], bytes[d]);
                }
            }
        } else {
            long[] to = toNode.asLongArray();
            if (messages.length != to.length || bytes.length != to.length) {
                throw new JsonFormatException("sent: \"to\", \"messages\" and \"bytes\" differ in length");
            }
            for (int k = 0; k < to.length; k++) {
                if (to[k] < 0 || to[k] >= size) {
                    throw new JsonFormatException("sent.to: rank " + to[k] + " outside 0.." + (size - 1));
                }
                b.sent((int) to[k], messages[k], bytes[k]);
            }
        }
        JsonNode other = root.optional("sent_to_other_worlds");
        if (!other.isNull()) {
            for (JsonNode t : other.elements()) {
                b.sentToOtherWorld(
                        t.get("via").asString(),
                        t.get("peer").asInt(),
                        t.get("messages").asLong(),
                        t.get("bytes").asLong());
            }
        }
        return b.build();
    }

    private static CallStats stats(JsonNode n) throws JsonFormatException {
        long[] histogram = null;
        JsonNode h = n.optional("histogram");
        if (!h.isNull()) {
            histogram = new long[SizeHistogram.BUCKETS];
            for (JsonNode pair : h.elements()) {
                long[] kv = pair.asLongArray();
                if (kv.length != 2 || kv[0] < 0 || kv[0] >= SizeHistogram.BUCKETS) {
                    throw new JsonFormatException(pair.path() + ": expected [bucket 0-64, count]");
                }
                histogram[(int) kv[0]] += kv[1];
            }
        }
        long calls = n.get("calls").asLong();
        if (calls < 0) {
            throw new JsonFormatException(n.path() + ".calls: negative");
        }
        return new CallStats(
                calls,
                n.get("time_ns").asLong(),
                n.get("min_ns").asLong(),
                n.get("max_ns").asLong(),
                n.get("bytes").asLong(),
                histogram);
    }
}
