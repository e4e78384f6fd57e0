package org.qmpi4j.report.waits;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.Interval;
import org.qmpi4j.formats.waits.Pattern;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * Counts the waits found: per pattern, rank, function and call site (with the one peer, if it was
 * always the same), the delays per interval, and the few longest single waits; tells a listener of
 * every wait counted.
 */
final class WaitTally {
    /** Single waits kept for drawing. */
    static final int WORST = 5;

    private static final long NO_PEER = Long.MIN_VALUE;

    /** Per key: ns, count, uncertain count, largest error bound, the peer ({@link #NO_PEER} before the first, -1 if several). */
    private final Map<WaitKey, long[]> waits = new LinkedHashMap<>();

    private final Map<Interval, long[]> delays = new HashMap<>();
    private final PriorityQueue<WaitReport.Instance> worst = new PriorityQueue<>(ReportOrder.SHORTEST_WAIT);
    private final WaitAnalysis.InstanceListener listener;

    WaitTally(WaitAnalysis.InstanceListener listener) {
        this.listener = listener;
    }

    /** Counts the wait of {@code c}, once. */
    void count(CallSegment c) {
        if (c.emitted) {
            return;
        }
        c.emitted = true;
        // A call is counted once a wait was offered for it, which set these.
        Pattern pattern = Objects.requireNonNull(c.pattern, "a wait counted before it was offered");
        WaitCauses causes = Objects.requireNonNull(c.causes, "a wait counted before it was offered");
        String lateFunction = Objects.requireNonNull(c.lateFunction, "a wait counted before it was offered");
        CallSite lateSite = Objects.requireNonNull(c.lateSite, "a wait counted before it was offered");
        long ns = c.waitNs;
        boolean uncertain = ns < c.bound;
        WaitKey key = new WaitKey(pattern, c.rank, c.function, c.site);
        long[] w = waits.get(key);
        if (w == null) {
            w = new long[] {0, 0, 0, 0, NO_PEER};
            waits.put(key, w);
        }
        w[0] += ns;
        w[1]++;
        if (uncertain) {
            w[2]++;
        }
        w[3] = Math.max(w[3], c.bound);
        w[4] = w[4] == NO_PEER || w[4] == c.peer ? c.peer : -1;
        for (int i = 0; i < causes.size(); i++) {
            long[] t = delays.get(causes.interval(i));
            if (t == null) {
                t = new long[1 + WaitCauses.WIDTH];
                delays.put(causes.interval(i), t);
            }
            t[0] += causes.number(i, 0);
            t[1] += causes.number(i, 1);
            t[2]++;
            for (int k = WaitCauses.JVM; k < WaitCauses.WIDTH; k++) {
                t[1 + k] += causes.number(i, k);
            }
        }
        if (listener != WaitAnalysis.NOBODY
                || worst.size() < WORST
                || ns > worst.peek().waitNs()) {
            WaitReport.Instance instance = new WaitReport.Instance(
                    pattern,
                    c.rank,
                    c.function,
                    c.site,
                    c.start,
                    c.end,
                    ns,
                    c.peer,
                    lateFunction,
                    lateSite,
                    c.lateStart,
                    c.lateEnd,
                    c.latePreviousExit,
                    uncertain);
            listener.counted(instance);
            if (worst.size() < WORST || ns > worst.peek().waitNs()) {
                worst.add(instance);
                if (worst.size() > WORST) {
                    worst.poll();
                }
            }
        }
    }

    /** The wait states, longest first. */
    List<WaitReport.WaitState> states() {
        List<WaitReport.WaitState> states = new ArrayList<>();
        for (Map.Entry<WaitKey, long[]> w : waits.entrySet()) {
            WaitKey k = w.getKey();
            long[] v = w.getValue();
            states.add(new WaitReport.WaitState(
                    k.pattern, k.rank, k.function, k.site, (int) v[4], v[0], v[1], v[2], v[3]));
        }
        states.sort(ReportOrder.STATES);
        return states;
    }

    /**
     * The delays that caused the waits, largest first; with their causes if {@code jvmKnown} (the
     * trace said what the JVM did).
     */
    List<WaitReport.Delay> delays(boolean jvmKnown) {
        List<WaitReport.Delay> delayList = new ArrayList<>();
        for (Map.Entry<Interval, long[]> d : delays.entrySet()) {
            long[] v = d.getValue();
            delayList.add(new WaitReport.Delay(
                    d.getKey(),
                    v[0],
                    v[1],
                    v[2],
                    jvmKnown ? JvmParts.causes(v[0] + v[1], v, 1 + WaitCauses.JVM) : null));
        }
        delayList.sort(ReportOrder.DELAYS);
        return delayList;
    }

    /** The longest single waits, longest first. */
    List<WaitReport.Instance> worst() {
        List<WaitReport.Instance> top = new ArrayList<>(worst);
        top.sort(ReportOrder.LONGEST_WAIT);
        return top;
    }

    private static final class WaitKey {
        final Pattern pattern;
        final int rank;
        final String function;
        final CallSite site;

        WaitKey(Pattern pattern, int rank, String function, CallSite site) {
            this.pattern = pattern;
            this.rank = rank;
            this.function = function;
            this.site = site;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof WaitKey)) {
                return false;
            }
            WaitKey k = (WaitKey) o;
            return pattern == k.pattern && rank == k.rank && function.equals(k.function) && site.equals(k.site);
        }

        @Override
        public int hashCode() {
            return ((pattern.hashCode() * 31 + rank) * 31 + function.hashCode()) * 31 + site.hashCode();
        }
    }
}
