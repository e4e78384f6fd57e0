package org.qmpi4j.formats.profile;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;

/**
 * A partial merge ({@link ProfileMerger.Streaming}) as bytes, exactly: what one process passes to
 * another while the job's profile is merged along a tree at {@code MPI_Finalize}. It lists only
 * the ranks it covers. Binary and private to one job (both ends run the same qmpi4j), so neither
 * versioned for other readers nor documented as a file format: it is never written to disk.
 *
 * <p>Every figure travels as the long it is (no seconds as decimals), so a merge built from
 * partials equals, number for number, the merge of the same rank profiles one at a time.
 */
public final class PartialProfileFormat {
    /** "qmpiPM" and a version, checked on reading: a stray message is refused, not misread. */
    private static final long MAGIC = 0x716d_7069_504d_0002L;

    private PartialProfileFormat() {}

    public static byte[] write(ProfileMerger.Streaming m) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(MAGIC);
            out.writeInt(m.size);
            if (m.size < 0) {
                return finish(out, bytes);
            }
            string(out, m.binding());
            out.writeInt(m.summaries.size());
            for (Profile.RankSummary s : m.summaries.values()) {
                out.writeInt(s.rank());
                out.writeBoolean(s.present());
                string(out, s.state());
                out.writeLong(s.appNs());
                out.writeLong(s.mpiNs());
                out.writeInt(s.environment().size());
                for (Map.Entry<String, String> e : s.environment().entrySet()) {
                    string(out, e.getKey());
                    string(out, e.getValue());
                }
                JvmSummary.writeBinary(out, s.jvm());
            }
            out.writeInt(m.functions.size());
            for (Map.Entry<String, Profile.Entry> f : m.functions.entrySet()) {
                string(out, f.getKey());
                entry(out, f.getValue());
            }
            out.writeInt(m.kinds.size());
            for (Map.Entry<String, String> k : m.kinds.entrySet()) {
                string(out, k.getKey());
                string(out, k.getValue());
            }
            out.writeInt(m.sites.size());
            for (Map.Entry<SiteKey, Profile.Entry> s : m.sites.entrySet()) {
                SiteKey k = s.getKey();
                string(out, k.function());
                string(out, k.className());
                string(out, k.methodName());
                string(out, k.fileName());
                out.writeInt(k.line());
                entry(out, s.getValue());
            }
            int[] cells = {0};
            m.matrix().forEach((from, to, b, n) -> cells[0]++);
            out.writeInt(cells[0]);
            UncheckedIOException[] failed = {null};
            m.matrix().forEach((from, to, b, n) -> {
                try {
                    out.writeInt(from);
                    out.writeInt(to);
                    out.writeLong(b);
                    out.writeLong(n);
                } catch (IOException e) {
                    failed[0] = new UncheckedIOException(e);
                }
            });
            if (failed[0] != null) {
                throw failed[0];
            }
            out.writeInt(m.interWorld.size());
            for (InterWorldTraffic t : m.interWorld) {
                out.writeInt(t.rank());
                string(out, t.via());
                out.writeInt(t.peer());
                out.writeLong(t.messages());
                out.writeLong(t.bytes());
            }
            RankDetail detail = m.detail;
            out.writeBoolean(detail != null);
            if (detail != null) {
                shares(out, m, detail);
            }
            return finish(out, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
    }

    /**
     * @throws IOException if {@code data} is not a whole partial merge written by {@link #write}
     */
    public static ProfileMerger.Streaming read(byte[] data) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
        if (data.length < 12 || in.readLong() != MAGIC) {
            throw new IOException("not a partial profile merge (" + data.length + " bytes)");
        }
        ProfileMerger.Streaming m = new ProfileMerger.Streaming();
        int size = in.readInt();
        if (size < 0) {
            return m;
        }
        m.start(size, string(in));
        try {
            for (int i = count(in); i > 0; i--) {
                int rank = in.readInt();
                boolean present = in.readBoolean();
                String state = string(in);
                long app = in.readLong();
                long mpi = in.readLong();
                Map<String, String> env = new LinkedHashMap<>();
                for (int j = count(in); j > 0; j--) {
                    env.put(string(in), string(in));
                }
                JvmSummary jvm = JvmSummary.readBinary(in);
                if (rank < 0 || rank >= size || m.summaries.containsKey(rank)) {
                    throw new IOException("rank " + rank + " in a partial merge of " + size + " ranks");
                }
                m.summaries.put(
                        rank, new Profile.RankSummary(rank, present, state, app, mpi, m.sharedEnvironment(env), jvm));
            }
            for (int i = count(in); i > 0; i--) {
                String f = string(in);
                m.functions.put(f, entry(in));
            }
            for (int i = count(in); i > 0; i--) {
                m.kinds.put(string(in), string(in));
            }
            for (int i = count(in); i > 0; i--) {
                SiteKey k = new SiteKey(string(in), string(in), string(in), stringOrNull(in), in.readInt());
                m.sites.put(k, entry(in));
            }
            for (int i = count(in); i > 0; i--) {
                m.matrix().add(in.readInt(), in.readInt(), in.readLong(), in.readLong());
            }
            for (int i = count(in); i > 0; i--) {
                m.interWorld.add(
                        new InterWorldTraffic(in.readInt(), string(in), in.readInt(), in.readLong(), in.readLong()));
            }
            RankDetail detail = m.detail;
            if (in.readBoolean() != (detail != null)) {
                throw new IOException("a partial merge of " + size + " ranks with the ranks' shares "
                        + (detail != null ? "in its entries" : "apart"));
            }
            if (detail != null) {
                shares(in, m, detail);
            }
        } catch (IllegalArgumentException e) {
            throw new IOException("a partial merge with impossible content: " + e.getMessage(), e);
        }
        if (in.available() != 0) {
            throw new IOException(in.available() + " bytes after the end of a partial merge");
        }
        return m;
    }

    private static byte[] finish(DataOutputStream out, ByteArrayOutputStream bytes) throws IOException {
        out.flush();
        return bytes.toByteArray();
    }

    private static void entry(DataOutputStream out, Profile.Entry e) throws IOException {
        stats(out, e.total());
        out.writeBoolean(e.perRankKept());
        if (!e.perRankKept()) {
            out.writeInt(e.ranks());
            out.writeInt(e.maxRank());
            out.writeLong(e.maxRankNs());
            out.writeLong(e.minRankNs());
            return;
        }
        out.writeInt(e.perRank().size());
        for (Map.Entry<Integer, CallStats> r : e.perRank().entrySet()) {
            out.writeInt(r.getKey());
            stats(out, r.getValue());
        }
    }

    private static Profile.Entry entry(DataInputStream in) throws IOException {
        CallStats total = stats(in);
        if (!in.readBoolean()) {
            return Profile.Entry.restore(total, in.readInt(), in.readInt(), in.readLong(), in.readLong());
        }
        Map<Integer, CallStats> perRank = new LinkedHashMap<>();
        for (int i = count(in); i > 0; i--) {
            perRank.put(in.readInt(), stats(in));
        }
        return Profile.Entry.restore(total, perRank);
    }

    /**
     * The ranks' shares kept apart from the entries: {@code [rank, key, calls, time, min, max,
     * bytes]} each, the key numbering the functions then the call sites in the order written
     * above; a rank of -1 ends them.
     */
    private static void shares(DataOutputStream out, ProfileMerger.Streaming m, RankDetail detail) throws IOException {
        Map<Object, Integer> numbers = new java.util.HashMap<>();
        for (String f : m.functions.keySet()) {
            numbers.put(f, numbers.size());
        }
        for (SiteKey k : m.sites.keySet()) {
            numbers.put(k, numbers.size());
        }
        detail.forEach(new RankDetail.Visitor() {
            private int rank;

            @Override
            public void rank(int r) {
                rank = r;
            }

            @Override
            public void function(String name, CallStats share) throws IOException {
                write(number(name), share);
            }

            @Override
            public void site(SiteKey site, CallStats share) throws IOException {
                write(number(site), share);
            }

            /** Every function and site of a rank's detail is one of the merge's: numbered above. */
            private int number(Object key) throws IOException {
                Integer n = numbers.get(key);
                if (n == null) {
                    throw new IOException(
                            "a share of " + key + ", which the partial merge of " + m.size + " ranks does not list");
                }
                return n;
            }

            private void write(int key, CallStats share) throws IOException {
                out.writeInt(rank);
                out.writeInt(key);
                out.writeLong(share.calls());
                out.writeLong(share.timeNs());
                out.writeLong(share.minNs());
                out.writeLong(share.maxNs());
                out.writeLong(share.bytes());
            }
        });
        out.writeInt(-1);
    }

    private static void shares(DataInputStream in, ProfileMerger.Streaming m, RankDetail detail) throws IOException {
        List<Object> keys = new ArrayList<>(m.functions.keySet());
        keys.addAll(m.sites.keySet());
        for (int rank = in.readInt(); rank >= 0; rank = in.readInt()) {
            int key = in.readInt();
            if (rank >= m.size || key < 0 || key >= keys.size()) {
                throw new IOException("a share of rank " + rank + ", key " + key + " in a partial merge of " + m.size
                        + " ranks and " + keys.size() + " keys");
            }
            detail.add(
                    rank,
                    keys.get(key),
                    new CallStats(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), null));
        }
    }

    private static void stats(DataOutputStream out, CallStats s) throws IOException {
        out.writeLong(s.calls());
        out.writeLong(s.timeNs());
        out.writeLong(s.minNs());
        out.writeLong(s.maxNs());
        out.writeLong(s.bytes());
        long[] h = s.histogram();
        out.writeBoolean(h != null);
        if (h != null) {
            for (int i = 0; i < SizeHistogram.BUCKETS; i++) {
                out.writeLong(h[i]);
            }
        }
    }

    private static CallStats stats(DataInputStream in) throws IOException {
        long calls = in.readLong();
        long time = in.readLong();
        long min = in.readLong();
        long max = in.readLong();
        long bytes = in.readLong();
        @Nullable long[] h = null;

        if (in.readBoolean()) {
            h = new long[SizeHistogram.BUCKETS];
            for (int i = 0; i < h.length; i++) {
                h[i] = in.readLong();
            }
        }
        return new CallStats(calls, time, min, max, bytes, h);
    }

    private static void string(DataOutputStream out, @Nullable String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String string(DataInputStream in) throws IOException {
        String s = stringOrNull(in);
        if (s == null) {
            throw new IOException("a missing value in a partial merge where one is always written");
        }
        return s;
    }

    private static @Nullable String stringOrNull(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }

        if (n > in.available()) {
            throw new IOException("a string of " + n + " bytes in a partial merge with " + in.available() + " left");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static int count(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > in.available()) {
            throw new IOException("a count of " + n + " in a partial merge with " + in.available() + " bytes left");
        }
        return n;
    }
}
