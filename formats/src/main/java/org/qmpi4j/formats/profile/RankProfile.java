package org.qmpi4j.formats.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.qmpi4j.api.Nullable;

/**
 * What the profiler measured on one rank: per MPI function and per call site, the application's
 * run time, and the point-to-point messages and bytes it sent to each rank of {@code COMM_WORLD}.
 * This is the content of a per-rank file ({@link RankProfileFormat}) and what rank 0 merges.
 */
public final class RankProfile {
    /** How far the rank got when this was written. */
    public enum State {
        /** Written during the run (at start, periodically, at {@code MPI_Pcontrol(2)}). */
        RUNNING,
        /** Written when the application called {@code MPI_Finalize}: complete. */
        FINALIZED,
        /** Written when the application called {@code MPI_Abort}. */
        ABORTED,
        /** Written by the JVM's shutdown hook before MPI was finalised: exception, exit, signal. */
        EXITED;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        public static State fromId(String id) {
            return valueOf(id.toUpperCase(java.util.Locale.ROOT));
        }
    }

    private final int rank;
    private final int size;
    private final String binding;
    private final State state;
    private final long appNs;
    private final Map<String, String> environment;
    private final @org.qmpi4j.api.Nullable JvmSummary jvm;
    private final Map<String, CallStats> functions;
    private final Map<String, String> kinds;
    private final Map<SiteKey, CallStats> sites;
    /** The ranks this rank sent to, ascending, with the messages and bytes to each: a sparse row of the matrix. */
    private final int[] sentTo;

    private final long[] sentToMessages;
    private final long[] sentToBytes;
    private final List<InterWorldTraffic> interWorld;

    private RankProfile(Builder b) {
        this.rank = b.rank;
        this.size = b.size;
        this.binding = Objects.requireNonNull(b.binding, "binding");
        this.state = Objects.requireNonNull(b.state, "state");
        this.appNs = b.appNs;
        this.environment = Collections.unmodifiableMap(new LinkedHashMap<>(b.environment));
        this.jvm = b.jvm;
        this.functions = Collections.unmodifiableMap(new LinkedHashMap<>(b.functions));
        this.kinds = Collections.unmodifiableMap(new LinkedHashMap<>(b.kinds));
        this.sites = Collections.unmodifiableMap(new LinkedHashMap<>(b.sites));
        int peers = b.sent.size();
        this.sentTo = new int[peers];
        this.sentToMessages = new long[peers];
        this.sentToBytes = new long[peers];
        int k = 0;
        for (Map.Entry<Integer, long[]> e : b.sent.entrySet()) {
            sentTo[k] = e.getKey();
            sentToMessages[k] = e.getValue()[0];
            sentToBytes[k] = e.getValue()[1];
            k++;
        }
        this.interWorld = List.copyOf(b.interWorld);
        if (rank < 0 || rank >= size) {
            throw new IllegalArgumentException("rank " + rank + " outside 0.." + (size - 1));
        }
    }

    public static Builder builder(int rank, int size, String binding) {
        return new Builder(rank, size, binding);
    }

    public int rank() {
        return rank;
    }
    /** Number of ranks in {@code COMM_WORLD}. */
    public int size() {
        return size;
    }
    /** The Java binding, e.g. {@code openmpi}. */
    public String binding() {
        return binding;
    }

    public State state() {
        return state;
    }
    /** Wall time from the end of {@code MPI_Init} to when this was written ({@code MPI_Finalize} for a finished run). */
    public long appNs() {
        return appNs;
    }
    /** Descriptive facts about the process (host, pid, main class), shown in reports. */
    public Map<String, String> environment() {
        return environment;
    }

    /** What the JVM did to the rank, or {@code null} if not known. */
    public @org.qmpi4j.api.Nullable JvmSummary jvm() {
        return jvm;
    }
    /** Per MPI function (standard upper-case name), in first-call order. */
    public Map<String, CallStats> functions() {
        return functions;
    }
    /** The kind of each function ({@code POINT_TO_POINT}, {@code COLLECTIVE}, ...), where known. */
    public Map<String, String> kinds() {
        return kinds;
    }

    public Map<SiteKey, CallStats> sites() {
        return sites;
    }
    /** Point-to-point messages sent to each rank of {@code COMM_WORLD} (dense: one entry per rank). */
    public long[] sentMessages() {
        long[] d = new long[size];
        for (int k = 0; k < sentTo.length; k++) {
            d[sentTo[k]] = sentToMessages[k];
        }
        return d;
    }
    /** Point-to-point bytes sent to each rank of {@code COMM_WORLD} (dense: one entry per rank). */
    public long[] sentBytes() {
        long[] d = new long[size];
        for (int k = 0; k < sentTo.length; k++) {
            d[sentTo[k]] = sentToBytes[k];
        }
        return d;
    }

    /** Number of ranks this rank sent point-to-point messages to. */
    public int sentPeers() {
        return sentTo.length;
    }

    /**
     * Visits the ranks this rank sent to, ascending, as cells of the matrix's row {@link #rank()}:
     * {@code (rank, to, bytes, messages)}. Sparse: ranks it never sent to are not visited.
     */
    public void forEachSent(TrafficMatrix.CellVisitor v) {
        for (int k = 0; k < sentTo.length; k++) {
            v.visit(rank, sentTo[k], sentToBytes[k], sentToMessages[k]);
        }
    }
    /** Point-to-point messages to processes of other worlds (no column in the matrix). */
    public List<InterWorldTraffic> interWorld() {
        return interWorld;
    }

    /**
     * Time in MPI calls during the application time: every function but {@code MPI_INIT} and
     * {@code MPI_INIT_THREAD}, which run before it starts.
     */
    public long mpiNs() {
        long t = 0;
        for (Map.Entry<String, CallStats> e : functions.entrySet()) {
            if (inApplicationTime(e.getKey())) {
                t += e.getValue().timeNs();
            }
        }
        return t;
    }

    /**
     * Whether a function's time falls into the application time. As in mpiP, that time runs from
     * the end of {@code MPI_Init} to the start of {@code MPI_Finalize}: initialisation is listed
     * with its own time but is not part of the run's MPI share.
     */
    public static boolean inApplicationTime(String function) {
        return !function.equals("MPI_INIT") && !function.equals("MPI_INIT_THREAD");
    }

    /** Builds a {@link RankProfile}. */
    public static final class Builder {
        private final int rank;
        private final int size;
        private final String binding;
        private State state = State.RUNNING;
        private long appNs;
        private final Map<String, String> environment = new LinkedHashMap<>();
        private @org.qmpi4j.api.Nullable JvmSummary jvm;
        private final Map<String, CallStats> functions = new LinkedHashMap<>();
        private final Map<String, String> kinds = new LinkedHashMap<>();
        private final Map<SiteKey, CallStats> sites = new LinkedHashMap<>();
        /** Per destination rank: {messages, bytes}. */
        private final java.util.TreeMap<Integer, long[]> sent = new java.util.TreeMap<>();

        private final List<InterWorldTraffic> interWorld = new ArrayList<>();

        private Builder(int rank, int size, String binding) {
            this.rank = rank;
            this.size = size;
            this.binding = binding;
        }

        public Builder state(State s) {
            state = s;
            return this;
        }

        public Builder appNs(long ns) {
            appNs = ns;
            return this;
        }

        /** What the JVM did to the rank. */
        public Builder jvm(@org.qmpi4j.api.Nullable JvmSummary summary) {
            jvm = summary;
            return this;
        }

        public Builder environment(String key, @Nullable String value) {
            if (value != null) {
                environment.put(key, value);
            }
            return this;
        }

        /** The stats under {@code key}, made if missing: get and put, no lambda to link at a short job's rank file. */
        private static <K> CallStats stats(Map<K, CallStats> m, K key) {
            CallStats s = m.get(key);
            if (s == null) {
                s = new CallStats();
                m.put(key, s);
            }
            return s;
        }

        /** Adds (merges into) the stats of {@code function}. */
        public Builder function(String function, @Nullable String kind, CallStats stats) {

            stats(functions, function).merge(stats);
            if (kind != null) {
                kinds.put(function, kind);
            }
            return this;
        }

        /** Adds (merges into) the stats of a call site. */
        public Builder site(SiteKey site, CallStats stats) {
            stats(sites, site).merge(stats);
            return this;
        }

        /** Adds messages and bytes sent to world rank {@code dest}. */
        public Builder sent(int dest, long messages, long bytes) {
            if (dest < 0 || dest >= size) {
                throw new IllegalArgumentException("destination " + dest + " outside 0.." + (size - 1));
            }
            long[] cell = sent.get(dest);
            if (cell == null) {
                cell = new long[2];
                sent.put(dest, cell);
            }
            cell[0] += messages;
            cell[1] += bytes;
            return this;
        }

        /** Adds messages and bytes sent to rank {@code peer} of {@code via}, in another world. */
        public Builder sentToOtherWorld(String via, int peer, long messages, long bytes) {
            interWorld.add(new InterWorldTraffic(rank, via, peer, messages, bytes));
            return this;
        }

        public RankProfile build() {
            return new RankProfile(this);
        }
    }

    /** Site keys in report order. */
    public List<SiteKey> sortedSites() {
        List<SiteKey> keys = new ArrayList<>(sites.keySet());
        Collections.sort(keys);
        return keys;
    }
}
