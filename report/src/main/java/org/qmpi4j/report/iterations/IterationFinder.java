package org.qmpi4j.report.iterations;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Iterations;

/**
 * Finds the job's iterations in its calls ({@link IterationRule}), measures each one on each rank
 * ({@link IterationTimes}) and sums them up for {@code profile.json}: the series (one entry per
 * iteration up to {@link Iterations#SERIES_LIMIT}, beyond it equal ranges), the warm-up and steady
 * state ({@link WarmUpRule}) and the slowest iteration.
 */
public final class IterationFinder {
    private IterationFinder() {}

    /**
     * The iterations of the calls in {@code source}; {@code setting}: the value of
     * {@code tracer.iteration} ({@code auto}, {@code pcontrol}, {@code Class:line}; {@code off}
     * gives {@code null}). A named boundary comes first, then the program's {@code MPI_Pcontrol}
     * marker, then the search ({@link IterationRule}).
     */
    public static @Nullable Iterations find(CallSource source, @Nullable String setting) throws IOException {
        return find(source, setting, null);
    }

    /**
     * As {@link #find(CallSource, String)}, with the waits the wait-state analysis counted
     * ({@code waits}, {@code null} if it did not run): each entry's {@code wait_s_mean} and the
     * spikes' waits come from them.
     */
    public static @Nullable Iterations find(CallSource source, @Nullable String setting, @Nullable RankWaits waits)
            throws IOException {
        return find(source, setting, waits, null);
    }

    /** As {@link #find(CallSource, String, RankWaits)}, telling {@code starts} when each rank started each iteration. */
    public static @Nullable Iterations find(
            CallSource source, @Nullable String setting, @Nullable RankWaits waits, @Nullable IterationStarts starts)
            throws IOException {
        if (BoundarySetting.isOff(setting)) {
            return null;
        }
        boolean markersOnly = BoundarySetting.isPcontrol(setting);
        IterationRule.Outcome o =
                IterationRule.find(source, markersOnly ? null : BoundarySetting.parse(setting), markersOnly);
        IterationRule.Choice c = o.choice();
        if (c == null) {
            return Iterations.none(o.reason());
        }
        IterationTimes t = c.foundBy() == Iterations.FoundBy.PCONTROL
                ? IterationTimes.measureMarked(source, c.boundary(), c.count(), waits, starts)
                : IterationTimes.measure(source, c.boundary(), c.count(), waits, starts);
        return summarize(c, t);
    }

    static Iterations summarize(IterationRule.Choice c, IterationTimes t) {
        int n = t.maxWall.length;
        int ranks = t.ranks.length;
        int per = (n + Iterations.SERIES_LIMIT - 1) / Iterations.SERIES_LIMIT;
        List<Iterations.Span> series = new ArrayList<>();
        for (int from = 0; from < n; from += per) {
            int to = Math.min(n, from + per);
            long max = 0;
            double wall = 0;
            double mpi = 0;
            double wait = 0;
            long outside = -1;
            int rank = -1;
            for (int i = from; i < to; i++) {
                max = Math.max(max, t.maxWall[i]);
                wall += t.sumWall[i];
                mpi += t.sumMpi[i];
                wait += t.sumWait[i];
                if (t.maxOutside[i] > outside) {
                    outside = t.maxOutside[i];
                    rank = t.outsideRank[i];
                }
            }
            double samples = (double) ranks * (to - from);
            series.add(new Iterations.Span(
                    from + 1L,
                    to,
                    max / 1e9,
                    wall / samples / 1e9,
                    mpi / samples / 1e9,
                    t.waitsKnown ? wait / samples / 1e9 : Double.NaN,
                    rank));
        }
        WarmUpRule.Result w = WarmUpRule.judge(t.maxWall);
        // The slowest iteration after the warm-up, which is reported on its own: the first
        // iteration also holds each JVM's first calls (class loading, first connections), which
        // on a loaded machine can outlast the spike a user looks for.
        int settled = (int) Math.min(w.warmup.iterations(), n - 1L);
        int slowest = settled;
        for (int i = settled + 1; i < n; i++) {
            if (t.maxWall[i] > t.maxWall[slowest]) {
                slowest = i;
            }
        }
        return new Iterations(
                true,
                c.reason(),
                c.boundary(),
                c.count(),
                series,
                w.warmup,
                w.steady,
                new Iterations.Slowest(slowest + 1L, t.maxWall[slowest] / 1e9, t.outsideRank[slowest]),
                spikes(t, w),
                c.foundBy());
    }

    /**
     * The steady state's spikes, the longest {@link Iterations#SPIKES_LIMIT} in order of iteration,
     * each with its cause: the longest JVM pause of one kind that one rank had in the iteration,
     * if it is at least half the time above the steady median; else the application's own work
     * ({@value #APPLICATION}) on the rank with the most time outside MPI, if that rank's time
     * outside MPI exceeded its usual (the steady state's median of that maximum) by that much;
     * else the longest time in waits one rank had, if that is. A pause or a rank's extra work
     * comes first because it makes the other ranks wait: their wait is its effect. A cause under
     * half leaves most of the spike unexplained: none is given.
     */
    /** A spike's cause when a rank computed longer than usual: no pause, its own code. */
    static final String APPLICATION = "application";

    /** The steady state's median of the longest time a rank spent outside MPI per iteration. */
    private static long usualOutside(IterationTimes t, WarmUpRule.Result w) {
        int first = Math.toIntExact(w.steady.first() - 1);
        long[] steady = new long[Math.max(0, t.maxOutside.length - first)];
        int k = 0;
        for (int i = first; i < t.maxOutside.length; i++) {
            if (t.maxOutside[i] >= 0) {
                steady[k++] = t.maxOutside[i];
            }
        }
        if (k == 0) {
            return 0;
        }
        long[] known = Arrays.copyOf(steady, k);
        Arrays.sort(known);
        return known[k / 2];
    }

    static List<Iterations.Spike> spikes(IterationTimes t, WarmUpRule.Result w) {
        int n = t.maxWall.length;
        List<Integer> above = new ArrayList<>();
        for (int i = Math.toIntExact(w.steady.first() - 1); i < n; i++) {
            if (t.maxWall[i] > w.bandNs) {
                above.add(i);
            }
        }
        above.sort((a, b) -> Long.compare(t.maxWall[b], t.maxWall[a]));
        List<Integer> kept = new ArrayList<>(above.subList(0, Math.min(above.size(), Iterations.SPIKES_LIMIT)));
        kept.sort(null);
        long usualOutside = usualOutside(t, w);
        List<Iterations.Spike> spikes = new ArrayList<>(kept.size());
        for (int i : kept) {
            double half = (t.maxWall[i] - w.medianNs) / 2;
            String cause = null;
            long causeNs = 0;
            int causeRank = -1;
            long extraOutside = t.maxOutside[i] - usualOutside;
            if (t.maxPause[i] > 0 && t.maxPause[i] >= half) {
                cause = IterationTimes.PAUSES[t.pauseKind[i]];
                causeNs = t.maxPause[i];
                causeRank = t.pauseRank[i];
            } else if (t.maxOutside[i] >= 0 && extraOutside > 0 && extraOutside >= half) {
                cause = APPLICATION;
                causeNs = extraOutside;
                causeRank = t.outsideRank[i];
            } else if (t.maxWait[i] > 0 && t.maxWait[i] >= half) {
                cause = "wait";
                causeNs = t.maxWait[i];
                causeRank = t.waitRank[i];
            }
            if (cause == null) {
                spikes.add(new Iterations.Spike(i + 1L, t.maxWall[i] / 1e9, t.outsideRank[i], null, Double.NaN, -1));
            } else {
                spikes.add(new Iterations.Spike(
                        i + 1L, t.maxWall[i] / 1e9, t.outsideRank[i], cause, causeNs / 1e9, causeRank));
            }
        }
        return spikes;
    }
}
