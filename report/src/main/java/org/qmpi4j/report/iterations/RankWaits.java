package org.qmpi4j.report.iterations;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.qmpi4j.formats.waits.WaitReport;
import org.qmpi4j.report.waits.WaitAnalysis;

/**
 * The waits the wait-state analysis counted, per rank: when the waiting call entered and how long
 * it waited, so that {@link IterationTimes} can give each wait to the iteration its call belongs
 * to (the analysis and the iterations read the same calls on the same common clock, so a wait's
 * entry is its call's). Holds two numbers per wait counted, at most {@link #MOST} waits (128 MiB):
 * beyond, it lets them go and is no longer {@link #complete()}, so that a merge of a long job
 * within a small heap gives no {@code wait_s_mean} rather than failing. Passes every wait on to
 * {@code next}.
 */
public final class RankWaits implements WaitAnalysis.InstanceListener {
    /** Waits kept at most, over all ranks. */
    public static final long MOST = 8_000_000;

    private final WaitAnalysis.InstanceListener next;
    private final long most;
    private long kept;
    private boolean complete = true;
    private final Map<Integer, long[]> pairs = new HashMap<>();
    private final Map<Integer, Integer> sizes = new HashMap<>();

    /** Collects the waits and tells {@code next} of each too. */
    public RankWaits(WaitAnalysis.InstanceListener next) {
        this(next, MOST);
    }

    /** As {@link #RankWaits(WaitAnalysis.InstanceListener)}, keeping at most {@code most} waits. */
    RankWaits(WaitAnalysis.InstanceListener next, long most) {
        this.next = next;
        this.most = most;
    }

    /** Whether every wait counted is held (none let go beyond {@link #MOST}). */
    public boolean complete() {
        return complete;
    }

    @Override
    public void counted(WaitReport.Instance instance) {
        add(instance.rank(), instance.enter(), instance.waitNs());
        next.counted(instance);
    }

    /** A wait of {@code ns} in the call of {@code rank} that entered at {@code enter}. */
    void add(int rank, long enter, long ns) {
        if (!complete) {
            return;
        }
        if (++kept > most) {
            complete = false;
            pairs.clear();
            sizes.clear();
            return;
        }
        long[] p = pairs.get(rank);
        int n = sizes.getOrDefault(rank, 0);
        if (p == null) {
            p = new long[16];
        } else if (2 * n + 2 > p.length) {
            p = Arrays.copyOf(p, p.length * 2);
        }
        p[2 * n] = enter;
        p[2 * n + 1] = ns;
        pairs.put(rank, p);
        sizes.put(rank, n + 1);
    }

    /** {@code rank}'s waits as (entry, ns) pairs in order of entry. */
    long[] of(int rank) {
        long[] p = pairs.get(rank);
        int n = sizes.getOrDefault(rank, 0);
        if (p == null || n == 0) {
            return new long[0];
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        long[] q = p;
        Arrays.sort(order, (a, b) -> Long.compare(q[2 * a], q[2 * b]));
        long[] sorted = new long[2 * n];
        for (int i = 0; i < n; i++) {
            sorted[2 * i] = p[2 * order[i]];
            sorted[2 * i + 1] = p[2 * order[i] + 1];
        }
        return sorted;
    }
}
