package org.qmpi4j.report.waits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.formats.waits.Interval;

/**
 * The causes of one wait: per interval of the late rank, the time it explains directly (short-term)
 * and through the waits it handed on (long-term).
 *
 * <p>A wait's cause is read off the late rank's own timeline: if it arrived {@code w} late, the
 * {@code w} just before its late call are what made the partner wait. Computation there is a
 * short-term delay of that interval; MPI time there is a short-term delay of that call; time the
 * late rank itself spent waiting there is handed on to whatever caused that wait, in the
 * proportions it was caused (a long-term delay). So a chain of waits ends at the computations that
 * began it, without a backward pass over the trace.
 */
final class WaitCauses {
    /** Causes kept per wait; smaller ones are merged into the largest. */
    static final int LIMIT = 8;
    /** Where an interval's JVM parts begin in its numbers (after short- and long-term ns). */
    static final int JVM = 2;
    /** Numbers per interval: short-term ns, long-term ns, then the JVM's parts ({@link JvmParts}). */
    static final int WIDTH = JVM + JvmParts.KINDS;

    final Map<Interval, long[]> parts = new LinkedHashMap<>();

    /** What the late rank {@code l} did in the {@code ns} before entering {@code late}. */
    static WaitCauses explain(RankProgress l, CallSegment late, long ns) {
        WaitCauses mix = new WaitCauses();
        long until = late.start;
        long from = until - ns;
        long covered = 0;
        Iterator<Segment> it = l.history.descendingIterator();
        while (it.hasNext() && covered < ns) {
            Segment s = it.next();
            long a = Math.max(s.start, from);
            long b = Math.min(s.end, until);
            if (b <= a) {
                if (s.end <= from) {
                    break;
                }
                continue;
            }
            if (s instanceof ComputationSegment) {
                long[] p = mix.add(((ComputationSegment) s).interval(l.rank), b - a, 0);
                JvmParts.share(p, JVM, s.jvm, s.end - s.start, b - a);
            } else {
                CallSegment c = (CallSegment) s;
                long waited = 0;
                if (c.emitted && c.waitNs > 0 && c.causes != null) {
                    long wa = a;
                    long wb = Math.min(b, c.start + c.waitNs);
                    if (wb > wa) {
                        waited = wb - wa;
                        mix.propagate(c.causes, waited);
                    }
                }
                if (b - a - waited > 0) {
                    long[] p = mix.add(
                            new Interval(l.rank, Interval.Kind.MPI, c.function, c.site, null, null), b - a - waited, 0);
                    JvmParts.share(p, JVM, c.jvm, c.end - c.start, b - a - waited);
                }
            }
            covered += b - a;
        }
        if (covered < ns) {
            mix.add(
                    new Interval(l.rank, Interval.Kind.COMPUTATION, late.function, late.site, null, null),
                    ns - covered,
                    0);
        }
        mix.limit(LIMIT);
        return mix;
    }

    /** Adds to interval {@code i}'s numbers; returns them (to add its JVM parts). */
    long[] add(Interval i, long shortNs, long longNs) {
        long[] p = parts.get(i);
        if (p == null) {
            p = new long[WIDTH];
            parts.put(i, p);
        }
        p[0] += shortNs;
        p[1] += longNs;
        return p;
    }

    long total() {
        long t = 0;
        for (long[] p : parts.values()) {
            t += p[0] + p[1];
        }
        return t;
    }

    /** {@code ns} of a wait caused by {@code causes}, handed on in their proportions (long-term). */
    void propagate(WaitCauses causes, long ns) {
        long total = causes.total();
        if (total <= 0) {
            return;
        }
        long given = 0;
        Interval largest = null;
        long largestNs = -1;
        for (Map.Entry<Interval, long[]> c : causes.parts.entrySet()) {
            long part = c.getValue()[0] + c.getValue()[1];
            long share = (long) ((double) ns * part / total);
            long[] p = add(c.getKey(), 0, share);
            double f = (double) ns / total;
            for (int k = JVM; k < WIDTH; k++) {
                long v = c.getValue()[k];
                p[k] += k == JVM + JvmParts.GC_COUNT ? v : (long) (v * f);
            }
            given += share;
            if (part > largestNs) {
                largestNs = part;
                largest = c.getKey();
            }
        }
        if (largest != null && given < ns) {
            add(largest, 0, ns - given);
        }
    }

    /** Keeps the {@code n} largest causes; the rest is added to the largest. */
    void limit(int n) {
        if (parts.size() <= n) {
            return;
        }
        List<Map.Entry<Interval, long[]>> all = new ArrayList<>(parts.entrySet());
        all.sort(new LargestCause());
        long[] rest = new long[WIDTH];
        for (int i = n; i < all.size(); i++) {
            for (int k = 0; k < WIDTH; k++) {
                rest[k] += all.get(i).getValue()[k];
            }
        }
        Map<Interval, long[]> kept = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            kept.put(all.get(i).getKey(), all.get(i).getValue().clone());
        }
        long[] first = kept.values().iterator().next();
        for (int k = 0; k < WIDTH; k++) {
            first[k] += rest[k];
        }
        parts.clear();
        parts.putAll(kept);
    }

    private static final class LargestCause implements Comparator<Map.Entry<Interval, long[]>> {
        @Override
        public int compare(Map.Entry<Interval, long[]> a, Map.Entry<Interval, long[]> b) {
            return Long.compare(b.getValue()[0] + b.getValue()[1], a.getValue()[0] + a.getValue()[1]);
        }
    }
}
