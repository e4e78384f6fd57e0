package org.qmpi4j.report.compare;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.JvmSummary;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.waits.DelayCauses;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * The rows of {@link ProfileComparison#jvm()}: what the JVM took from the ranks, by kind, per
 * rank on average (comparable across job sizes, as the other times) and each rank's; then the
 * waiting the delays' causes give each kind, per rank as the waiting by pattern.
 */
final class JvmComparison {
    /** Jobs with more ranks than this get no rows per rank (the averages only). */
    static final int MOST_RANKS = 64;

    private static final String[] KINDS = {
        "garbage collection", "collections", "safepoints", "class loading", "descheduled"
    };

    private JvmComparison() {}

    static void rows(List<Profile> profiles, @Nullable List<WaitReport> allWaits, List<ProfileComparison.Row> into) {
        int n = profiles.size();
        boolean any = false;
        int ranks = 0;
        for (Profile p : profiles) {
            ranks = Math.max(ranks, p.ranks());
            for (Profile.RankSummary r : p.rankSummaries()) {
                any |= r.jvm() != null;
            }
        }
        if (!any) {
            return;
        }
        double[][] mean = new double[KINDS.length][n];
        Map<Integer, double[][]> perRank = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            Profile p = profiles.get(i);
            int r = Math.max(1, p.ranks());
            for (Profile.RankSummary rank : p.rankSummaries()) {
                JvmSummary j = rank.jvm();
                if (j == null) {
                    continue;
                }
                double[] v = values(j);
                double[][] mine = perRank.computeIfAbsent(rank.rank(), k -> new double[KINDS.length][n]);
                for (int k = 0; k < KINDS.length; k++) {
                    mean[k][i] += v[k] / r;
                    mine[k][i] = v[k];
                }
            }
        }
        for (int k = 0; k < KINDS.length; k++) {
            add(into, KINDS[k] + " per rank", unit(k), mean[k]);
        }
        if (ranks <= MOST_RANKS) {
            for (Map.Entry<Integer, double[][]> e : perRank.entrySet()) {
                for (int k = 0; k < KINDS.length; k++) {
                    add(into, "rank " + e.getKey() + ": " + KINDS[k], unit(k), e.getValue()[k]);
                }
            }
        }
        if (allWaits != null) {
            for (DelayCauses.Cause c : DelayCauses.Cause.values()) {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    Profile p = profiles.get(i);
                    for (WaitReport.Delay d : allWaits.get(i).delays()) {
                        DelayCauses causes = d.causes();
                        if (causes != null) {
                            v[i] += causes.ns(c) / 1e9 / Math.max(1, p.ranks());
                        }
                    }
                }
                add(into, "waiting per rank caused by " + c.label(), "s", v);
            }
        }
    }

    private static double[] values(JvmSummary j) {
        return new double[] {
            j.gcPauseNs() / 1e9, j.gcCount(), j.safepointNs() / 1e9, j.classLoadingNs() / 1e9, j.descheduledNs() / 1e9
        };
    }

    private static String unit(int kind) {
        return kind == 1 ? "" : "s";
    }

    /** Adds the row unless every run has 0 (a kind none of them saw). */
    private static void add(List<ProfileComparison.Row> into, String name, String unit, double[] v) {
        for (double x : v) {
            if (x != 0) {
                into.add(new ProfileComparison.Row(name, unit, v));
                return;
            }
        }
    }
}
