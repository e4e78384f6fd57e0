package org.qmpi4j.report.compare;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.waits.Pattern;
import org.qmpi4j.formats.waits.WaitReport;

/** The wait analyses of runs compared side by side: waiting is compared only where every run has one. */
final class RunWaits {
    private RunWaits() {}

    /** Each run's wait analysis in order, or {@code null} if a run has none (untraced, or an older profile). */
    static @Nullable List<WaitReport> ofAll(List<Profile> runs) {
        List<WaitReport> all = new ArrayList<>(runs.size());
        for (Profile p : runs) {
            WaitReport w = p.waits();
            if (w == null) {
                return null;
            }
            all.add(w);
        }
        return all;
    }

    /**
     * Each run's waiting in {@code pattern} per rank, in seconds, as the other times are compared:
     * comparable across job sizes. {@code waits} are {@code runs}' analyses, in the same order.
     */
    static double[] secondsPerRank(List<WaitReport> waits, List<Profile> runs, Pattern pattern) {
        double[] v = new double[runs.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = waits.get(i).totalNs(pattern) / 1e9 / Math.max(1, runs.get(i).ranks());
        }
        return v;
    }
}
