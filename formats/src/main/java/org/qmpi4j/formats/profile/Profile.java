package org.qmpi4j.formats.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * A job's profile: every rank's measurements merged, with the per-rank values kept. This is what
 * {@code profile.json} holds ({@link ProfileFormat}) and what the renderers draw.
 *
 * <p>One class, somewhat over the usual size, because it is one immutable value with its parts
 * ({@link RankSummary}, {@link Entry}, public nested types that readers across the modules name),
 * and the queries every renderer shares (totals, the matrix) read that value; the order of
 * functions and call sites is {@link ProfileOrder}'s.
 */
public final class Profile {
    /** One rank's totals. {@code present} is false for a rank whose data never arrived. */
    public static final class RankSummary {
        private final int rank;
        private final boolean present;
        private final String state;
        private final long appNs;
        private final long mpiNs;
        private final Map<String, String> environment;
        private final @org.qmpi4j.api.Nullable JvmSummary jvm;

        public RankSummary(
                int rank, boolean present, String state, long appNs, long mpiNs, Map<String, String> environment) {
            this(rank, present, state, appNs, mpiNs, environment, null);
        }

        public RankSummary(
                int rank,
                boolean present,
                String state,
                long appNs,
                long mpiNs,
                Map<String, String> environment,
                @org.qmpi4j.api.Nullable JvmSummary jvm) {
            this.rank = rank;
            this.present = present;
            this.state = state;
            this.appNs = appNs;
            this.mpiNs = mpiNs;
            this.environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
            this.jvm = jvm;
        }

        /** What the JVM did to the rank, or {@code null} if not known (a profile written before it was kept). */
        public @org.qmpi4j.api.Nullable JvmSummary jvm() {
            return jvm;
        }

        public int rank() {
            return rank;
        }

        public boolean present() {
            return present;
        }
        /** {@code finalized}, {@code running}, {@code aborted}, {@code exited}, or {@code missing}. */
        public String state() {
            return state;
        }

        public long appNs() {
            return appNs;
        }

        public long mpiNs() {
            return mpiNs;
        }

        public Map<String, String> environment() {
            return environment;
        }

        /** Share of the application's time spent in MPI, in percent. */
        public double mpiPercent() {
            return appNs <= 0 ? 0 : 100.0 * mpiNs / appNs;
        }
    }

    /**
     * Merged stats of one function or call site: the total, how its time spreads over the ranks
     * that called it (how many, the largest and smallest rank's time), and, when kept, each rank's
     * share. A merge keeps the shares up to {@link ProfileFormat#RANK_DETAIL_MAX_RANKS} ranks;
     * above, they are not held but written as the ranks are merged ({@link RankDetail}), and
     * {@link #perRankKept()} is false.
     */
    public static final class Entry {
        private final CallStats total = new CallStats();
        private final SortedMap<Integer, CallStats> perRank = new TreeMap<>();
        private boolean perRankKept = true;
        private int ranks;
        private long maxRankNs = -1;
        private int maxRank = -1;
        private long minRankNs = Long.MAX_VALUE;

        public CallStats total() {
            return total;
        }

        /** Each rank's share (without histograms), when {@link #perRankKept()}; otherwise empty. */
        public SortedMap<Integer, CallStats> perRank() {
            return Collections.unmodifiableSortedMap(perRank);
        }

        /** Whether {@link #perRank()} holds every calling rank's share. */
        public boolean perRankKept() {
            return perRankKept;
        }

        /** How many ranks called it. */
        public int ranks() {
            return ranks;
        }

        /** The rank that spent the most time in it (the lowest such rank), or -1 when no rank did. */
        public int maxRank() {
            return maxRank;
        }

        /** The time of {@link #maxRank()} in it; 0 when no rank called it. */
        public long maxRankNs() {
            return Math.max(0, maxRankNs);
        }

        /** The least time one of the calling ranks spent in it; 0 when no rank called it. */
        public long minRankNs() {
            return ranks == 0 ? 0 : minRankNs;
        }

        /** An entry read back from a file: {@code total} as written (with its histogram), the per-rank stats. */
        public static Entry restore(CallStats total, Map<Integer, CallStats> perRank) {
            Entry e = new Entry();
            e.total.merge(total);
            for (Map.Entry<Integer, CallStats> r : perRank.entrySet()) {
                e.perRank.put(r.getKey(), r.getValue().copy());
                e.spread(r.getKey(), r.getValue().timeNs());
            }
            return e;
        }

        /**
         * An entry read back without per-rank shares: {@code total}, and the spread over
         * {@code ranks} calling ranks ({@code maxRank} spent {@code maxRankNs}, the least
         * {@code minRankNs}).
         */
        public static Entry restore(CallStats total, int ranks, int maxRank, long maxRankNs, long minRankNs) {
            Entry e = new Entry();
            e.total.merge(total);
            e.perRankKept = false;
            e.ranks = ranks;
            if (ranks > 0) {
                e.maxRank = maxRank;
                e.maxRankNs = maxRankNs;
                e.minRankNs = minRankNs;
            }
            return e;
        }

        /**
         * Adds one rank's stats. The rank's share is kept without its message-size histogram: the
         * total has it, and per rank it would cost 65 longs per function and site and rank for
         * figures no output shows.
         */
        public void add(int rank, CallStats stats) {
            total.merge(stats);
            CallStats share =
                    new CallStats(stats.calls(), stats.timeNs(), stats.minNs(), stats.maxNs(), stats.bytes(), null);
            CallStats before = perRank.putIfAbsent(rank, share);
            if (before != null) {
                before.merge(share);
                return; // the rank is counted already; its time grew
            }
            spread(rank, stats.timeNs());
        }

        /** Adds one rank's stats to the total and the spread only, its share going elsewhere. */
        void addWithoutShare(int rank, CallStats stats) {
            total.merge(stats);
            perRankKept = false;
            spread(rank, stats.timeNs());
        }

        private void spread(int rank, long timeNs) {
            spread(1, rank, timeNs, timeNs);
        }

        /**
         * Adds {@code calling} ranks to the spread: of them, {@code busiest} spent the most,
         * {@code maxNs}, and one the least, {@code minNs}. Of two ranks with the same time, the
         * lower is the busiest.
         */
        private void spread(int calling, int busiest, long maxNs, long minNs) {
            ranks += calling;
            if (maxNs > maxRankNs || (maxNs == maxRankNs && busiest < maxRank)) {
                maxRankNs = maxNs;
                maxRank = busiest;
            }
            minRankNs = Math.min(minRankNs, minNs);
        }

        /** Adds a partial merge of other ranks: its total, spread and per-rank shares (as they are). */
        void absorb(Entry other) {
            total.merge(other.total);
            perRankKept &= other.perRankKept;
            for (Map.Entry<Integer, CallStats> r : other.perRank.entrySet()) { // no lambda: a job's end
                CallStats before = perRank.putIfAbsent(r.getKey(), r.getValue().copy());
                if (before != null) {
                    before.merge(r.getValue());
                }
            }
            if (other.ranks > 0) {
                spread(other.ranks, other.maxRank, other.maxRankNs, other.minRankNs);
            }
        }
    }

    private final String binding;
    private final int ranks;
    private final String created;
    private final List<RankSummary> rankSummaries;
    private final Map<String, Entry> functions;
    private final Map<String, String> kinds;
    private final Map<SiteKey, Entry> sites;
    private final TrafficMatrix matrix;
    private final List<InterWorldTraffic> interWorld;
    private final @Nullable RankDetail rankDetail;
    /** Set once the traces were analysed; {@code null} without traces. */
    private @Nullable WaitReport waits;
    /** The job's first failing rank, when one recorded a failure; else {@code null}. */
    private @Nullable RankFailure failure;
    /** The main loop found in the traces ({@code null}: not looked for, no traces). */
    private @Nullable Iterations iterations;

    /**
     * A profile of {@code ranks} ranks, the point-to-point traffic as a (sparse)
     * {@link TrafficMatrix}; {@code interWorld}: messages to processes of other worlds, which have
     * no column in the matrix. {@code rankDetail}: the ranks' shares of each function and call
     * site, when the entries do not hold them ({@link Entry#perRankKept()}), as a merge wrote them;
     * {@code null} when the entries hold them or the profile was read back from a file.
     */
    public Profile(
            String binding,
            int ranks,
            String created,
            List<RankSummary> rankSummaries,
            Map<String, Entry> functions,
            Map<String, String> kinds,
            Map<SiteKey, Entry> sites,
            TrafficMatrix matrix,
            List<InterWorldTraffic> interWorld,
            @Nullable RankDetail rankDetail) {
        if (matrix.ranks() != ranks) {
            throw new IllegalArgumentException("matrix of " + matrix.ranks() + " ranks in a profile of " + ranks);
        }
        this.binding = binding;
        this.interWorld = List.copyOf(interWorld);
        this.ranks = ranks;
        this.created = created;
        this.rankSummaries = List.copyOf(rankSummaries);
        this.functions = Collections.unmodifiableMap(new LinkedHashMap<>(functions));
        this.kinds = Collections.unmodifiableMap(new LinkedHashMap<>(kinds));
        this.sites = Collections.unmodifiableMap(new LinkedHashMap<>(sites));
        this.matrix = matrix;
        this.rankDetail = rankDetail;
    }

    /**
     * The ranks' shares of each function and call site as the merge wrote them, when the entries
     * do not hold them; {@code null} otherwise (see {@link #perRankKept()}).
     */
    public @Nullable RankDetail rankDetail() {
        return rankDetail;
    }

    /** Whether every function's and call site's entry holds each rank's share. */
    public boolean perRankKept() {
        return perRankKept(functions.values()) && perRankKept(sites.values());
    }

    private static boolean perRankKept(Iterable<Entry> entries) {
        for (Entry e : entries) {
            if (!e.perRankKept()) {
                return false;
            }
        }
        return true;
    }

    public String binding() {
        return binding;
    }

    /** Why ranks waited, from the traces ({@code null}: the job left no traces to analyse). */
    public @Nullable WaitReport waits() {
        return waits;
    }

    /** Adds the analysis of the job's traces; returns this profile. */
    public Profile withWaits(@Nullable WaitReport report) {
        this.waits = report;
        return this;
    }

    /** How the job's first failing rank failed ({@code MPI_Abort}, an exception), or {@code null} if none did. */
    public @Nullable RankFailure failure() {
        return failure;
    }

    /** Adds the job's first failure ({@code null}: none); returns this profile. */
    public Profile withFailure(@Nullable RankFailure first) {
        this.failure = first;
        return this;
    }

    /** The job's main loop, from the traces ({@code null}: not looked for, e.g. no traces). */
    public @Nullable Iterations iterations() {
        return iterations;
    }

    /** Adds the iterations found in the job's traces ({@code null}: none looked for); returns this profile. */
    public Profile withIterations(@Nullable Iterations found) {
        this.iterations = found;
        return this;
    }

    /** Point-to-point messages to processes of other worlds, by sender. */
    public List<InterWorldTraffic> interWorld() {
        return interWorld;
    }
    /** Number of ranks in {@code COMM_WORLD}. */
    public int ranks() {
        return ranks;
    }
    /** When the profile was merged, ISO-8601 UTC. */
    public String created() {
        return created;
    }

    public List<RankSummary> rankSummaries() {
        return rankSummaries;
    }

    public Map<String, Entry> functions() {
        return functions;
    }

    /**
     * Function {@code name}'s entry, for a name this profile lists ({@link #functionsByTime()}).
     *
     * @throws IllegalArgumentException for a function the profile does not have
     */
    public Entry function(String name) {
        return listed(functions, name, "function");
    }

    public Map<String, String> kinds() {
        return kinds;
    }

    public Map<SiteKey, Entry> sites() {
        return sites;
    }

    /**
     * Call site {@code key}'s entry, for a site this profile lists.
     *
     * @throws IllegalArgumentException for a site the profile does not have
     */
    public Entry site(SiteKey key) {
        return listed(sites, key, "call site");
    }

    /** The entry of {@code key}, which the caller says the profile lists: else its {@code what} is named in the error. */
    private static <K> Entry listed(Map<K, Entry> entries, K key, String what) {
        Entry e = entries.get(key);
        if (e == null) {
            throw new IllegalArgumentException("no " + what + " " + key + " in the profile");
        }
        return e;
    }

    /** Point-to-point traffic, sender by receiver in {@code COMM_WORLD} ranks, sparse. */
    public TrafficMatrix matrix() {
        return matrix;
    }

    /**
     * Bytes sent point-to-point, {@code [sender][receiver]} in {@code COMM_WORLD} ranks: a dense
     * copy of {@link #matrix()} (ranks² longs: for small jobs).
     */
    public long[][] matrixBytes() {
        return matrix.denseBytes();
    }

    /** Messages sent point-to-point, {@code [sender][receiver]}: a dense copy of {@link #matrix()}. */
    public long[][] matrixMessages() {
        return matrix.denseMessages();
    }

    /** Whether every rank's data arrived. */
    public boolean complete() {
        return missingRanks().isEmpty();
    }

    public List<Integer> missingRanks() {
        List<Integer> missing = new ArrayList<>();
        for (RankSummary r : rankSummaries) {
            if (!r.present()) {
                missing.add(r.rank());
            }
        }
        return missing;
    }

    public long totalAppNs() {
        return total(RankSummary::appNs);
    }

    public long totalMpiNs() {
        return total(RankSummary::mpiNs);
    }

    private long total(ToLongFunction<RankSummary> perRank) {
        long t = 0;
        for (RankSummary r : rankSummaries) {
            t += perRank.applyAsLong(r);
        }
        return t;
    }

    /**
     * Function names by total time, longest first (then by name); {@code MPI_INIT}, outside the
     * application time, after all others.
     */
    public List<String> functionsByTime() {
        return ProfileOrder.functions(functions);
    }

    /** Call sites by total time, longest first (then by site); {@code MPI_INIT} sites last. */
    public List<SiteKey> sitesByTime() {
        return ProfileOrder.sites(sites);
    }

    /** The value of a key taken from {@code entries}' own key set or built from the same keys: there. */
    static <K, V> V known(Map<K, V> entries, K key) {
        return java.util.Objects.requireNonNull(entries.get(key));
    }

    /** Functions of kind {@code COLLECTIVE}, by time. */
    public List<String> collectivesByTime() {
        List<String> out = new ArrayList<>();
        for (String f : functionsByTime()) {
            if ("COLLECTIVE".equals(kinds.get(f))) {
                out.add(f);
            }
        }
        return out;
    }

    /** Stable ids for call sites, 1-based, in the order of {@link #sitesByTime()} (as the report numbers them). */
    public Map<SiteKey, Integer> siteIds() {
        Map<SiteKey, Integer> ids = new LinkedHashMap<>();
        for (SiteKey k : sitesByTime()) {
            ids.put(k, ids.size() + 1);
        }
        return ids;
    }
}
