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

    /** A wait whose late rank has no history: nothing explains it. */
    static final WaitCauses NONE = new WaitCauses(new Interval[0], new long[0]);

    /*
     * Kept as two arrays, not a map: every call in a rank's history that waited holds its causes
     * (millions at once in a job of 262,144 ranks), and a map with its entries and an array per
     * interval took about three times the memory of the numbers themselves.
     */
    private final Interval[] intervals;
    /** {@link #WIDTH} numbers per interval, in the order of {@link #intervals}. */
    private final long[] numbers;

    private WaitCauses(Interval[] intervals, long[] numbers) {
        this.intervals = intervals;
        this.numbers = numbers;
    }

    /** The number of causes. */
    int size() {
        return intervals.length;
    }

    /** The {@code i}th cause's interval. */
    Interval interval(int i) {
        return intervals[i];
    }

    /** Number {@code k} ({@code 0} short-term ns, {@code 1} long-term ns, then the JVM's) of cause {@code i}. */
    long number(int i, int k) {
        return numbers[i * WIDTH + k];
    }

    /** What the late rank {@code l} did in the {@code ns} before entering {@code late}. */
    static WaitCauses explain(RankProgress l, CallSegment late, long ns) {
        Mix mix = new Mix();
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
        return mix.limit(LIMIT);
    }

    /** The causes as they are gathered: a map, until {@link #limit} makes them {@link WaitCauses}. */
    static final class Mix {
        final Map<Interval, long[]> parts = new LinkedHashMap<>();

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

        /** {@code ns} of a wait caused by {@code causes}, handed on in their proportions (long-term). */
        void propagate(WaitCauses causes, long ns) {
            long total = causes.total();
            if (total <= 0) {
                return;
            }
            long given = 0;
            Interval largest = null;
            long largestNs = -1;
            for (int i = 0; i < causes.size(); i++) {
                long part = causes.number(i, 0) + causes.number(i, 1);
                long share = (long) ((double) ns * part / total);
                long[] p = add(causes.interval(i), 0, share);
                double f = (double) ns / total;
                for (int k = JVM; k < WIDTH; k++) {
                    long v = causes.number(i, k);
                    p[k] += k == JVM + JvmParts.GC_COUNT ? v : (long) (v * f);
                }
                given += share;
                if (part > largestNs) {
                    largestNs = part;
                    largest = causes.interval(i);
                }
            }
            if (largest != null && given < ns) {
                add(largest, 0, ns - given);
            }
        }

        /** The {@code n} largest causes, the rest added to the largest; all of them if no more than {@code n}. */
        WaitCauses limit(int n) {
            List<Map.Entry<Interval, long[]>> all = new ArrayList<>(parts.entrySet());
            long[] rest = new long[WIDTH];
            if (all.size() > n) {
                all.sort(new LargestCause());
                for (int i = n; i < all.size(); i++) {
                    for (int k = 0; k < WIDTH; k++) {
                        rest[k] += all.get(i).getValue()[k];
                    }
                }
                all = all.subList(0, n);
            }
            Interval[] intervals = new Interval[all.size()];
            long[] numbers = new long[all.size() * WIDTH];
            for (int i = 0; i < intervals.length; i++) {
                intervals[i] = all.get(i).getKey();
                System.arraycopy(all.get(i).getValue(), 0, numbers, i * WIDTH, WIDTH);
            }
            for (int k = 0; k < WIDTH && intervals.length > 0; k++) {
                numbers[k] += rest[k];
            }
            return new WaitCauses(intervals, numbers);
        }
    }

    long total() {
        long t = 0;
        for (int i = 0; i < intervals.length; i++) {
            t += numbers[i * WIDTH] + numbers[i * WIDTH + 1];
        }
        return t;
    }

    private static final class LargestCause implements Comparator<Map.Entry<Interval, long[]>> {
        @Override
        public int compare(Map.Entry<Interval, long[]> a, Map.Entry<Interval, long[]> b) {
            return Long.compare(b.getValue()[0] + b.getValue()[1], a.getValue()[0] + a.getValue()[1]);
        }
    }
}
