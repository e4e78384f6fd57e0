package org.qmpi4j.formats.profile;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.CivilTime;

/**
 * Merges per-rank profiles into a job's {@link Profile}: sums per function and per call site,
 * keeps each rank's share, fills the point-to-point matrix row by row from what each rank sent.
 * Ranks whose data is missing are listed as missing, not guessed.
 *
 * <p>{@link #merge} takes profiles held together; {@link Streaming} takes them one at a time, so
 * that a merge of thousands of ranks holds only the merged result, never every rank's profile.
 * Above {@link ProfileFormat#RANK_DETAIL_MAX_RANKS} ranks it does not hold the ranks' shares of
 * each function and call site either: they are written to a {@link RankDetail} as each rank is
 * added, and the entries keep the totals and how they spread over the ranks.
 */
public final class ProfileMerger {
    private ProfileMerger() {}

    /**
     * @param rankProfiles at most one per rank, all of the same job (same size and binding)
     * @throws IllegalArgumentException if the profiles disagree on the job's size or binding, or
     *                                  a rank appears twice
     */
    public static Profile merge(Collection<RankProfile> rankProfiles) {
        Streaming s = new Streaming();
        for (RankProfile p : rankProfiles) {
            s.add(p);
        }
        return s.finish();
    }

    /*
     * Named classes and plain loops rather than lambdas, method references and java.time
     * formatting: rank 0 merges at the end of every job, and each lambda is linked at its first
     * use by spinning a hidden class (about a millisecond apiece, uncompiled), DateTimeFormatter's
     * initialisation several milliseconds more.
     */

    /** Inter-world traffic by rank (a stable sort keeps each rank's rows in the order added). */
    private static final java.util.Comparator<InterWorldTraffic> BY_RANK = new ByRank();

    private static final class ByRank implements java.util.Comparator<InterWorldTraffic> {
        @Override
        public int compare(InterWorldTraffic a, InterWorldTraffic b) {
            return Integer.compare(a.rank(), b.rank());
        }
    }

    /** Adds each sent cell to the merged matrix. */
    private static final class IntoMatrix implements TrafficMatrix.CellVisitor {
        private final TrafficMatrix.Builder matrix;

        IntoMatrix(TrafficMatrix.Builder matrix) {
            this.matrix = matrix;
        }

        @Override
        public void visit(int from, int to, long bytes, long messages) {
            matrix.add(from, to, bytes, messages);
        }
    }

    /**
     * {@code epochMillis} to the second in UTC, as {@link Instant#toString()} writes an instant
     * without fraction ({@code 2025-03-04T05:06:07Z}); by hand ({@link CivilTime}) for the years 0 to 9999.
     */
    static String isoSeconds(long epochMillis) {
        CivilTime t = CivilTime.of(epochMillis);
        int year = t.year;
        if (year < 0 || year > 9999) {
            return Instant.ofEpochMilli(epochMillis)
                    .truncatedTo(ChronoUnit.SECONDS)
                    .toString();
        }
        StringBuilder sb = new StringBuilder(20);
        sb.append((char) ('0' + year / 1000)).append((char) ('0' + year / 100 % 10));
        twoDigits(sb, year % 100);
        twoDigits(sb.append('-'), t.month);
        twoDigits(sb.append('-'), t.day);
        twoDigits(sb.append('T'), t.hour);
        twoDigits(sb.append(':'), t.minute);
        twoDigits(sb.append(':'), t.second);
        return sb.append('Z').toString();
    }

    private static void twoDigits(StringBuilder sb, int v) {
        sb.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
    }

    /** A merge fed one rank profile at a time, in any rank order; not thread safe. */
    public static final class Streaming {
        // Package-private for PartialProfileFormat, which writes and reads this state exactly.
        int size = -1;

        @Nullable
        String binding;

        final Map<Integer, Profile.RankSummary> summaries = new TreeMap<>();
        final Map<String, Profile.Entry> functions = new LinkedHashMap<>();
        final Map<String, String> kinds = new LinkedHashMap<>();
        final Map<SiteKey, Profile.Entry> sites = new TreeMap<>();

        @Nullable
        TrafficMatrix.Builder matrix;

        final List<InterWorldTraffic> interWorld = new ArrayList<>();
        /** The ranks' shares when the entries do not keep them (above the per-rank limit), else null. */
        @Nullable
        RankDetail detail;
        /** One instance of each environment value (host names, main classes repeat over ranks). */
        private final Map<String, String> values = new java.util.HashMap<>();

        /** Starts the merge of a job of {@code size} ranks on {@code binding} (partial forms being read back). */
        void start(int size, String binding) {

            this.size = size;
            this.binding = binding;
            this.matrix = TrafficMatrix.builder(size);
            this.detail = size > ProfileFormat.RANK_DETAIL_MAX_RANKS ? RankDetail.create() : null;
        }

        /** The job's binding, once started. */
        String binding() {
            String b = binding;
            if (b == null) {
                throw new IllegalStateException("a merge not started: it has no rank yet");
            }
            return b;
        }

        /** The point-to-point traffic so far, once started. */
        TrafficMatrix.Builder matrix() {
            TrafficMatrix.Builder m = matrix;
            if (m == null) {
                throw new IllegalStateException("a merge not started: it has no rank yet");
            }
            return m;
        }

        /** Whether the entries keep each rank's share (false: they are in {@link #detail}). */
        boolean keepsShares() {
            return detail == null;
        }

        /** A rank's environment, its keys and values shared with the ranks before. */
        Map<String, String> sharedEnvironment(Map<String, String> environment) {
            Map<String, String> env = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : environment.entrySet()) {
                env.put(shared(e.getKey()), shared(e.getValue()));
            }
            return env;
        }

        private String shared(String s) {
            String before = values.putIfAbsent(s, s);
            return before != null ? before : s;
        }

        /**
         * Adds one rank's profile; it may be dropped afterwards.
         *
         * @throws IllegalArgumentException if it belongs to another job than those before it, or
         *                                  its rank was added before
         */
        public Streaming add(RankProfile p) {
            if (size < 0) {
                start(p.size(), p.binding());
            } else if (p.size() != size) {
                throw new IllegalArgumentException(
                        "rank " + p.rank() + " belongs to a job of " + p.size() + " ranks, others to one of " + size);
            } else if (!p.binding().equals(binding)) {
                throw new IllegalArgumentException(
                        "rank " + p.rank() + " ran on binding " + p.binding() + ", others on " + binding);
            }
            int rank = p.rank();
            if (summaries.containsKey(rank)) {
                throw new IllegalArgumentException("rank " + rank + " appears twice");
            }
            summaries.put(
                    rank,
                    new Profile.RankSummary(
                            rank,
                            true,
                            p.state().id(),
                            p.appNs(),
                            p.mpiNs(),
                            sharedEnvironment(p.environment()),
                            p.jvm()));
            for (Map.Entry<String, CallStats> f : p.functions().entrySet()) { // loops: no lambdas at a job's end
                share(entry(functions, f.getKey()), rank, f.getKey(), f.getValue());
            }
            kinds.putAll(p.kinds());
            for (Map.Entry<SiteKey, CallStats> s : p.sites().entrySet()) {
                share(entry(sites, s.getKey()), rank, s.getKey(), s.getValue());
            }
            p.forEachSent(new IntoMatrix(matrix()));
            interWorld.addAll(p.interWorld());
            return this;
        }

        private void share(Profile.Entry e, int rank, Object key, CallStats stats) {
            RankDetail detail = this.detail;
            if (detail == null) {
                e.add(rank, stats);
            } else {
                e.addWithoutShare(rank, stats);
                detail.add(rank, key, stats);
            }
        }

        /**
         * Adds another partial merge of the same job, which covers other ranks (a tree of partial
         * merges: each process merges its own rank and its children's partials, and passes one
         * partial on). Combining partials of ascending rank ranges, each after the ones before it,
         * gives the same result as adding every rank's profile in rank order.
         *
         * @throws IllegalArgumentException if {@code other} belongs to another job or shares a rank
         *                                  with this merge; nothing is changed then
         */
        public Streaming combine(Streaming other) {
            if (other.size < 0) {
                return this;
            }
            if (size < 0) {
                start(other.size, other.binding());
            } else if (other.size != size) {
                throw new IllegalArgumentException(
                        "a partial merge of a job of " + other.size + " ranks, this one of " + size);
            } else if (!other.binding().equals(binding)) {
                throw new IllegalArgumentException(
                        "a partial merge of binding " + other.binding + ", this one of " + binding);
            }
            for (Integer rank : other.summaries.keySet()) {
                if (summaries.containsKey(rank)) {
                    throw new IllegalArgumentException("rank " + rank + " appears twice");
                }
            }
            summaries.putAll(other.summaries);
            for (Map.Entry<String, Profile.Entry> f : other.functions.entrySet()) {
                entry(functions, f.getKey()).absorb(f.getValue());
            }
            kinds.putAll(other.kinds);
            for (Map.Entry<SiteKey, Profile.Entry> k : other.sites.entrySet()) {
                entry(sites, k.getKey()).absorb(k.getValue());
            }
            other.matrix().forEach(new IntoMatrix(matrix()));
            interWorld.addAll(other.interWorld);
            RankDetail detail = this.detail;
            RankDetail otherDetail = other.detail;
            if (detail != null && otherDetail != null) {
                detail.addAll(otherDetail);
            }
            return this;
        }

        private static <K> Profile.Entry entry(Map<K, Profile.Entry> entries, K key) {
            Profile.Entry e = entries.get(key);
            if (e == null) {
                e = new Profile.Entry();
                entries.put(key, e);
            }
            return e;
        }

        /** The ranks added so far, ascending. */
        public java.util.Set<Integer> ranks() {
            return java.util.Collections.unmodifiableSet(summaries.keySet());
        }

        /** Ranks added so far. */
        public int added() {
            return summaries.size();
        }

        /**
         * The merged profile, ranks without a profile listed as missing.
         *
         * @throws IllegalArgumentException if nothing was added
         */
        public Profile finish() {
            if (size < 0) {
                throw new IllegalArgumentException("no rank profiles to merge");
            }
            List<Profile.RankSummary> all = new ArrayList<>(size);
            for (int r = 0; r < size; r++) {
                Profile.RankSummary s = summaries.get(r);
                all.add(s != null ? s : new Profile.RankSummary(r, false, "missing", 0, 0, Map.of()));
            }
            interWorld.sort(BY_RANK);
            String created = isoSeconds(System.currentTimeMillis());
            return new Profile(
                    binding(), size, created, all, functions, kinds, sites, matrix().build(), interWorld, detail);
        }
    }
}
