package org.qmpi4j.report.iterations;

import java.util.Arrays;
import org.qmpi4j.formats.profile.Iterations;

/**
 * When the time per iteration settles. The steady state is judged from the run's second half:
 * its median {@code m} and robust sigma {@code s} (1.4826 times the median absolute deviation).
 * An iteration is in the steady band when it takes at most {@code max(1.25 m, m + 3 s)}: the
 * factor keeps a quiet run's small jitter from counting, the sigma term keeps a loaded machine's
 * noise from lengthening the warm-up. The warm-up is the iterations before the first one inside
 * the band that starts a run of {@value #SETTLED_RUN} with at least {@value #SETTLED_IN} inside
 * (fewer at the very end of a short run); a spike later does not lengthen it, nor do a few slow
 * iterations just after it ({@link #withoutSteadyTail}). Times above the band after the warm-up are spikes.
 */
final class WarmUpRule {
    static final int SETTLED_RUN = 5;
    static final int SETTLED_IN = 4;
    static final double FACTOR = 1.25;
    static final double SIGMAS = 3;
    /** The median absolute deviation times this estimates a normal distribution's sigma. */
    static final double MAD_TO_SIGMA = 1.4826;

    private WarmUpRule() {}

    static final class Result {
        final Iterations.WarmUp warmup;
        final Iterations.Steady steady;
        /** The same in ns: the band above which a steady iteration is a spike, and the steady median. */
        final double bandNs;

        final double medianNs;

        Result(Iterations.WarmUp warmup, Iterations.Steady steady, double bandNs, double medianNs) {
            this.warmup = warmup;
            this.steady = steady;
            this.bandNs = bandNs;
            this.medianNs = medianNs;
        }
    }

    /** {@code wall}: each iteration's time in nanoseconds, from iteration 1. */
    static Result judge(long[] wall) {
        int n = wall.length;
        long[] half = Arrays.copyOfRange(wall, n / 2, n);
        double m = median(half);
        double band = Math.max(FACTOR * m, m + SIGMAS * sigma(half, m));
        int k = 0;
        while (k < n && !settles(wall, k, band)) {
            k++;
        }
        k = withoutSteadyTail(wall, k, m);
        long[] steady = Arrays.copyOfRange(wall, k, n);
        double sm = steady.length == 0 ? m : median(steady);
        double ss = steady.length == 0 ? 0 : sigma(steady, sm);
        long spikes = 0;
        for (long w : steady) {
            if (w > band) {
                spikes++;
            }
        }
        double warmMean = 0;
        for (int j = 0; j < k; j++) {
            warmMean += wall[j];
        }
        warmMean = k == 0 ? 0 : warmMean / k;
        double slowdown = k == 0 || sm <= 0 ? 1 : warmMean / sm;
        return new Result(
                new Iterations.WarmUp(k, warmMean / 1e9, slowdown),
                new Iterations.Steady(k + 1L, sm / 1e9, ss / 1e9, band / 1e9, spikes),
                band,
                sm);
    }

    /**
     * The warm-up {@code wall[0..k)} without the last iterations (fewer than {@value #SETTLED_RUN})
     * that are each nearer the steady median {@code m} than the fastest warm-up iteration before
     * them: after a warm-up that ends with a drop (160 ms, then 40), two slow iterations on a loaded
     * machine (55, 57 ms, above the band) are spikes of the steady state, not its end. A warm-up
     * that falls gradually keeps its last steps, each nearer the one before it.
     */
    static int withoutSteadyTail(long[] wall, int k, double m) {
        int start = k;
        for (int j = k - 1; j >= 1 && j > k - SETTLED_RUN; j--) {
            long before = Long.MAX_VALUE;
            for (int i = 0; i < j; i++) {
                before = Math.min(before, wall[i]);
            }
            double middle = (before + m) / 2;
            boolean steadyTail = true;
            for (int i = j; i < k; i++) {
                steadyTail &= wall[i] < middle;
            }
            if (steadyTail) {
                start = j;
            }
        }
        return start;
    }

    /**
     * Whether the time settles at iteration {@code k} (from 0): it is inside the band, and so are
     * at least {@value #SETTLED_IN} of the {@value #SETTLED_RUN} iterations from it (all of them
     * when fewer are left), so that one slow iteration on a loaded machine just after the warm-up
     * does not lengthen it.
     */
    private static boolean settles(long[] wall, int k, double band) {
        if (wall[k] > band) {
            return false;
        }
        int run = Math.min(SETTLED_RUN, wall.length - k);
        int inside = 0;
        for (int j = k; j < k + run; j++) {
            if (wall[j] <= band) {
                inside++;
            }
        }
        return inside >= Math.min(SETTLED_IN, run);
    }

    static double median(long[] values) {
        if (values.length == 0) {
            return 0;
        }
        long[] s = values.clone();
        Arrays.sort(s);
        int h = s.length / 2;
        return s.length % 2 == 1 ? s[h] : (s[h - 1] + (double) s[h]) / 2;
    }

    static double sigma(long[] values, double median) {
        long[] dev = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            dev[i] = Math.round(Math.abs(values[i] - median));
        }
        return MAD_TO_SIGMA * median(dev);
    }
}
