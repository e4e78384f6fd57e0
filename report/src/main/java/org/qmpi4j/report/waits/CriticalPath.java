package org.qmpi4j.report.waits;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.Interval;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * The critical path read back from the last part of the chain of the rank that finished last:
 * the time per interval summed over the chain, longest first, and its length.
 *
 * <p>The path is carried forward during the pass: each rank holds the longest chain of intervals
 * that leads to its present ({@link RankProgress#head}); a call that waited takes over the late
 * partner's chain at the late call's entry ({@link RankProgress#extendPath}).
 */
final class CriticalPath {
    final List<WaitReport.PathStep> steps;
    final long length;

    private CriticalPath(List<WaitReport.PathStep> steps, long length) {
        this.steps = steps;
        this.length = length;
    }

    /** The path that ends at {@code last} (none if null), with causes if {@code jvmKnown}. */
    static CriticalPath endingAt(@Nullable CriticalPathNode last, boolean jvmKnown) {
        Map<Interval, long[]> path = new HashMap<>();
        long length = 0;
        for (CriticalPathNode n = last; n != null; n = n.prev) {
            for (Map.Entry<Interval, long[]> t : n.time.entrySet()) {
                long[] sum = path.get(t.getKey());
                if (sum == null) {
                    sum = new long[CriticalPathNode.WIDTH];
                    path.put(t.getKey(), sum);
                }
                for (int k = 0; k < CriticalPathNode.WIDTH; k++) {
                    sum[k] += t.getValue()[k];
                }
                length += t.getValue()[0];
            }
        }
        List<WaitReport.PathStep> steps = new ArrayList<>();
        for (Map.Entry<Interval, long[]> p : path.entrySet()) {
            long[] v = p.getValue();
            steps.add(new WaitReport.PathStep(p.getKey(), v[0], jvmKnown ? JvmParts.causes(v[0], v, 1) : null));
        }
        steps.sort(ReportOrder.PATH);
        return new CriticalPath(steps, length);
    }
}
