package org.qmpi4j.formats.profile;

import java.util.List;
import java.util.Objects;
import org.qmpi4j.api.Nullable;

/**
 * The job's main loop as found in its trace (or named by the setting {@code tracer.iteration}):
 * which call ends each iteration, how many iterations every rank ran, the time per iteration over
 * the run, the warm-up and the steady state. Iterations are counted from 1. When no loop was
 * found, {@link #found()} is false and {@link #reason()} says why; the other members are empty.
 * A value class with its parts nested, as {@code profile.json}'s member {@code iterations} nests
 * them ({@link IterationsJson}); over 400 lines for that reason only: six small parts, each
 * meaningful only inside it, read more easily here than as six files.
 */
public final class Iterations {
    /** At most this many entries in {@link #series()}; longer runs get entries covering ranges. */
    public static final int SERIES_LIMIT = 1000;

    /** At most this many entries in {@link #spikes()}: the longest spikes, in order of iteration. */
    public static final int SPIKES_LIMIT = 100;

    private final boolean found;
    private final String reason;
    private final @Nullable Boundary boundary;
    private final long count;
    private final List<Span> series;
    private final @Nullable WarmUp warmup;
    private final @Nullable Steady steady;
    private final @Nullable Slowest slowest;
    private final List<Spike> spikes;
    private final @Nullable FoundBy foundBy;

    /**
     * Iterations whose boundary was found as {@code foundBy} says ({@code null}: not said, as in
     * profiles written before it was); {@code spikes} empty in profiles written before they were
     * listed.
     */
    public Iterations(
            boolean found,
            String reason,
            @Nullable Boundary boundary,
            long count,
            List<Span> series,
            @Nullable WarmUp warmup,
            @Nullable Steady steady,
            @Nullable Slowest slowest,
            List<Spike> spikes,
            @Nullable FoundBy foundBy) {
        this.found = found;
        this.reason = reason;
        this.boundary = boundary;
        this.count = count;
        this.series = List.copyOf(series);
        this.warmup = warmup;
        this.steady = steady;
        this.slowest = slowest;
        this.spikes = List.copyOf(spikes);
        this.foundBy = foundBy;
    }

    /** No loop: {@code reason} says why. */
    public static Iterations none(String reason) {
        return new Iterations(false, reason, null, 0, List.of(), null, null, null, List.of(), null);
    }

    /** Whether a loop was found (or the named boundary was called equally on every rank). */
    public boolean found() {
        return found;
    }

    /** How the boundary was chosen, or why there is none. */
    public String reason() {
        return reason;
    }

    /** The call that ends each iteration; {@code null} when none was found. */
    public @Nullable Boundary boundary() {
        return boundary;
    }

    /**
     * How the boundary was found ({@code boundary.found_by} in {@code profile.json}); {@code null}
     * when none was found, or in profiles written before it was said.
     */
    public @Nullable FoundBy foundBy() {
        return foundBy;
    }

    /** Iterations every rank ran. */
    public long count() {
        return count;
    }

    /** Time per iteration: one entry per iteration up to {@link #SERIES_LIMIT}, beyond it equal ranges. */
    public List<Span> series() {
        return series;
    }

    public @Nullable WarmUp warmup() {
        return warmup;
    }

    public @Nullable Steady steady() {
        return steady;
    }

    public @Nullable Slowest slowest() {
        return slowest;
    }

    /**
     * The steady state's spikes (iterations above {@link Steady#band()}) with what caused them
     * where the trace says: the longest {@link #SPIKES_LIMIT}, in order of iteration.
     */
    public List<Spike> spikes() {
        return spikes;
    }

    /**
     * The same iterations with each series entry's {@link Span#waitMean()} set from
     * {@code waitMeans} (one per entry, seconds).
     */
    public Iterations withWaitMeans(double[] waitMeans) {
        if (waitMeans.length != series.size()) {
            throw new IllegalArgumentException(waitMeans.length + " wait means for " + series.size() + " entries");
        }
        List<Span> s = new java.util.ArrayList<>(series.size());
        for (int i = 0; i < waitMeans.length; i++) {
            Span o = series.get(i);
            s.add(new Span(o.first, o.last, o.wallMax, o.wallMean, o.mpiMean, waitMeans[i], o.slowestRank));
        }
        return new Iterations(found, reason, boundary, count, s, warmup, steady, slowest, spikes, foundBy);
    }

    /**
     * How the boundary was found: by the search over the ranks' calls, named by the setting
     * {@code tracer.iteration=Class:line}, or marked by the program's {@code MPI_Pcontrol} calls
     * (the boundary then starts each iteration instead of ending it).
     */
    public enum FoundBy {
        SEARCH("search"),
        NAMED("named"),
        PCONTROL("pcontrol");

        private final String json;

        FoundBy(String json) {
            this.json = json;
        }

        /** The name {@code profile.json} gives it. */
        public String json() {
            return json;
        }

        /** The one named {@code json}; {@code null} for a name this version does not know. */
        public static @Nullable FoundBy ofJson(@Nullable String json) {
            for (FoundBy f : values()) {
                if (f.json.equals(json)) {
                    return f;
                }
            }
            return null;
        }
    }

    /** The call that ends each iteration: an MPI function at a call site. */
    public static final class Boundary {
        private final String function;
        private final @Nullable String className;
        private final @Nullable String method;
        private final @Nullable String file;
        private final int line;

        public Boundary(
                String function, @Nullable String className, @Nullable String method, @Nullable String file, int line) {
            this.function = function;
            this.className = className;
            this.method = method;
            this.file = file;
            this.line = line;
        }

        public String function() {
            return function;
        }

        public @Nullable String className() {
            return className;
        }

        public @Nullable String method() {
            return method;
        }

        public @Nullable String file() {
            return file;
        }

        /** Source line, -1 when unknown. */
        public int line() {
            return line;
        }

        @Override
        public boolean equals(@Nullable Object o) {
            if (!(o instanceof Boundary)) {
                return false;
            }
            Boundary b = (Boundary) o;
            return line == b.line
                    && function.equals(b.function)
                    && Objects.equals(className, b.className)
                    && Objects.equals(method, b.method)
                    && Objects.equals(file, b.file);
        }

        @Override
        public int hashCode() {
            return Objects.hash(function, className, method, line);
        }

        /** Like a stack trace element, after the function: {@code MPI_ALLREDUCE at Solver.main(Solver.java:42)}. */
        @Override
        public String toString() {
            String where = className == null
                    ? "an unknown site"
                    : className + "." + method + "(" + (file == null ? "Unknown Source" : file)
                            + (line >= 0 ? ":" + line : "") + ")";
            return function + " at " + where;
        }
    }

    /**
     * Iterations {@code first} to {@code last} (equal for one iteration). Times are per iteration,
     * in seconds: {@code wallMax} the longest any rank took for one iteration of the range,
     * {@code wallMean} and {@code mpiMean} the means over ranks and iterations; {@code waitMean}
     * the mean over ranks and iterations of a rank's time in wait states in its calls of one
     * iteration (each call's longest wait, as the wait-state analysis counts it; NaN when the
     * waits were not analysed); {@code slowestRank} the rank with the most time outside MPI in one
     * iteration of the range.
     */
    public static final class Span {
        private final long first;
        private final long last;
        private final double wallMax;
        private final double wallMean;
        private final double mpiMean;
        private final double waitMean;
        private final int slowestRank;

        /** An entry whose waits are not known. */
        public Span(long first, long last, double wallMax, double wallMean, double mpiMean, int slowestRank) {
            this(first, last, wallMax, wallMean, mpiMean, Double.NaN, slowestRank);
        }

        public Span(
                long first,
                long last,
                double wallMax,
                double wallMean,
                double mpiMean,
                double waitMean,
                int slowestRank) {
            this.first = first;
            this.last = last;
            this.wallMax = wallMax;
            this.wallMean = wallMean;
            this.mpiMean = mpiMean;
            this.waitMean = waitMean;
            this.slowestRank = slowestRank;
        }

        public long first() {
            return first;
        }

        public long last() {
            return last;
        }

        public double wallMax() {
            return wallMax;
        }

        public double wallMean() {
            return wallMean;
        }

        public double mpiMean() {
            return mpiMean;
        }

        /** Seconds per rank and iteration in wait states; NaN when not known. */
        public double waitMean() {
            return waitMean;
        }

        public int slowestRank() {
            return slowestRank;
        }
    }

    /**
     * The first {@code iterations} iterations took longer than the steady state (their mean time
     * per iteration, {@code wallMean} seconds, is {@code slowdown} times the steady median);
     * {@code iterations} is 0 when the run started in its steady state.
     */
    public static final class WarmUp {
        private final long iterations;
        private final double wallMean;
        private final double slowdown;

        public WarmUp(long iterations, double wallMean, double slowdown) {
            this.iterations = iterations;
            this.wallMean = wallMean;
            this.slowdown = slowdown;
        }

        public long iterations() {
            return iterations;
        }

        public double wallMean() {
            return wallMean;
        }

        public double slowdown() {
            return slowdown;
        }
    }

    /**
     * The steady state from iteration {@code first} on: median time per iteration and its spread
     * (robust sigma: 1.4826 times the median absolute deviation), the band above which an
     * iteration counts as a spike, all in seconds, and how many spikes there were.
     */
    public static final class Steady {
        private final long first;
        private final double median;
        private final double sigma;
        private final double band;
        private final long spikes;

        public Steady(long first, double median, double sigma, double band, long spikes) {
            this.first = first;
            this.median = median;
            this.sigma = sigma;
            this.band = band;
            this.spikes = spikes;
        }

        public long first() {
            return first;
        }

        public double median() {
            return median;
        }

        public double sigma() {
            return sigma;
        }

        public double band() {
            return band;
        }

        public long spikes() {
            return spikes;
        }
    }

    /**
     * An iteration {@code iteration} that took {@code wall} seconds on its longest rank, and
     * {@code rank}, the rank with the most time outside MPI in it: what {@link Slowest} and
     * {@link Spike} both say, kept in one place.
     */
    public abstract static class SlowIteration {
        private final long iteration;
        private final double wall;
        private final int rank;

        SlowIteration(long iteration, double wall, int rank) {
            this.iteration = iteration;
            this.wall = wall;
            this.rank = rank;
        }

        public final long iteration() {
            return iteration;
        }

        public final double wall() {
            return wall;
        }

        public final int rank() {
            return rank;
        }
    }

    /** The slowest iteration, its longest rank's time (seconds), and the rank with most time outside MPI in it. */
    public static final class Slowest extends SlowIteration {
        public Slowest(long iteration, double wall, int rank) {
            super(iteration, wall, rank);
        }
    }

    /**
     * A spike: iteration {@code iteration} took {@code wall} seconds on its longest rank;
     * {@code rank} had the most time outside MPI in it. {@code cause}, when the trace tells, is what
     * explains the time above the steady median: the longest JVM pause of one kind
     * ({@code gc}, {@code safepoint}, {@code class_loading}, {@code descheduled}) one rank had in
     * the iteration outside MPI if it is at least half of that time, else waiting in wait states
     * ({@code wait}) if one rank's waits are; {@code causeSeconds} long, on rank
     * {@code causeRank}; {@code null} when neither is.
     */
    public static final class Spike extends SlowIteration {
        private final @Nullable String cause;
        private final double causeSeconds;
        private final int causeRank;

        public Spike(
                long iteration, double wall, int rank, @Nullable String cause, double causeSeconds, int causeRank) {
            super(iteration, wall, rank);
            this.cause = cause;
            this.causeSeconds = causeSeconds;
            this.causeRank = causeRank;
        }

        /**
         * {@code gc}, {@code safepoint}, {@code class_loading}, {@code descheduled},
         * {@code application} (the rank's own longer work), {@code wait}; or null.
         */
        public @Nullable String cause() {
            return cause;
        }

        public double causeSeconds() {
            return causeSeconds;
        }

        /** The rank the cause was found on; -1 without a cause. */
        public int causeRank() {
            return causeRank;
        }
    }
}
