package org.qmpi4j.report.render;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.SiteKey;

/**
 * The parts of {@code report.txt} that summarise ranks when there are too many to list
 * ({@link TextReport#RANK_ROWS_MAX_RANKS}): how application and MPI time are distributed over the
 * ranks (percentiles), the most and least loaded ranks, and for each function and call site how
 * unevenly its time falls on ranks. Imbalance is the largest time of one rank over the mean over
 * the ranks that reported (a rank that never called counts as zero): 1 is perfectly even, 4 means
 * one rank spends four times the average there.
 */
final class RankSummaries {
    /** How many of the most and of the least loaded ranks are listed. */
    static final int EXTREMES = 5;

    private static final String[] PERCENTILE_NAMES = {"min", "p10", "p25", "median", "p75", "p90", "max"};
    private static final double[] PERCENTILES = {0, 10, 25, 50, 75, 90, 100};

    private RankSummaries() {}

    /** Replaces the table with a row per rank. */
    static void timePerRank(StringBuilder out, Profile p) {
        List<Profile.RankSummary> present = present(p);
        TextReport.section(out, "Time per rank: distribution over " + p.ranks() + " ranks");
        out.append("  ranks: ").append(states(p)).append('\n');
        if (present.isEmpty()) {
            return;
        }
        distribution(p, present).appendTo(out, "  ");
        out.append("\n  most loaded ranks (longest time outside MPI):\n");
        extremes(mostLoaded(present)).appendTo(out, "  ");
        out.append("\n  least loaded ranks (shortest time outside MPI):\n");
        extremes(leastLoaded(present)).appendTo(out, "  ");
        if (!p.complete()) {
            out.append("\n  missing ranks: ").append(p.missingRanks()).append('\n');
        }
    }

    /** The ranks that reported, in rank order. */
    static List<Profile.RankSummary> present(Profile p) {
        List<Profile.RankSummary> present = new ArrayList<>();
        for (Profile.RankSummary r : p.rankSummaries()) {
            if (r.present()) {
                present.add(r);
            }
        }
        return present;
    }

    /** How many ranks are in each state: {@code 4094 finalized, 2 missing}. */
    static String states(Profile p) {
        Map<String, Integer> states = new TreeMap<>();
        for (Profile.RankSummary r : p.rankSummaries()) {
            states.merge(r.state(), 1, Integer::sum);
        }
        StringBuilder s = new StringBuilder();
        states.forEach((state, n) ->
                s.append(s.length() == 0 ? "" : ", ").append(n).append(' ').append(state));
        return s.toString();
    }

    /** Percentiles, mean and sum of application, MPI and outside-MPI time and of the MPI share. */
    static Table distribution(Profile p, List<Profile.RankSummary> present) {
        long[] app = new long[present.size()];
        long[] mpi = new long[present.size()];
        long[] load = new long[present.size()];
        double[] share = new double[present.size()];
        for (int i = 0; i < present.size(); i++) {
            Profile.RankSummary r = present.get(i);
            app[i] = r.appNs();
            mpi[i] = r.mpiNs();
            load[i] = RankBalance.load(r);
            share[i] = r.mpiPercent();
        }
        Table t = new Table("<", "app [s]", "MPI [s]", "outside MPI [s]", "MPI %");
        for (int k = 0; k < PERCENTILES.length; k++) {
            t.row(
                    PERCENTILE_NAMES[k],
                    TextReport.fixed(percentile(app, PERCENTILES[k]) / 1e9, 6),
                    TextReport.fixed(percentile(mpi, PERCENTILES[k]) / 1e9, 6),
                    TextReport.fixed(percentile(load, PERCENTILES[k]) / 1e9, 6),
                    TextReport.fixed(percentile(share, PERCENTILES[k]), 2));
        }
        t.row(
                "mean",
                TextReport.fixed(mean(app) / 1e9, 6),
                TextReport.fixed(mean(mpi) / 1e9, 6),
                TextReport.fixed(mean(load) / 1e9, 6),
                TextReport.fixed(TextReport.pct(p.totalMpiNs(), p.totalAppNs()), 2));
        t.row(
                "sum",
                TextReport.fixed(p.totalAppNs() / 1e9, 6),
                TextReport.fixed(p.totalMpiNs() / 1e9, 6),
                TextReport.fixed(sum(load) / 1e9, 6),
                "");
        return t;
    }

    /** The {@value #EXTREMES} ranks with the longest time outside MPI, longest first. */
    static List<Profile.RankSummary> mostLoaded(List<Profile.RankSummary> present) {
        List<Profile.RankSummary> byLoad = new ArrayList<>(present);
        byLoad.sort(Comparator.comparingLong((Profile.RankSummary r) -> -RankBalance.load(r))
                .thenComparingInt(Profile.RankSummary::rank));
        return byLoad.subList(0, Math.min(EXTREMES, byLoad.size()));
    }

    /** The {@value #EXTREMES} ranks with the shortest time outside MPI, shortest first. */
    static List<Profile.RankSummary> leastLoaded(List<Profile.RankSummary> present) {
        List<Profile.RankSummary> least = new ArrayList<>(present);
        least.sort(Comparator.comparingLong(RankBalance::load).thenComparingInt(Profile.RankSummary::rank));
        return least.subList(0, Math.min(EXTREMES, least.size()));
    }

    static Table extremes(List<Profile.RankSummary> ranks) {
        Table t = new Table("rank", "<state", "app [s]", "MPI [s]", "outside MPI [s]", "MPI %");
        for (Profile.RankSummary r : ranks) {
            String[] c = TextReport.rankCells(r);
            t.row(r.rank(), c[0], c[1], c[2], TextReport.fixed(RankBalance.load(r) / 1e9, 6), c[3]);
        }
        return t;
    }

    /** After the functions table: how evenly each function's time falls on the ranks. */
    static void functionImbalance(StringBuilder out, Profile p) {
        int present = presentRanks(p);
        TextReport.section(out, "MPI functions: imbalance over ranks (max / mean of a rank's time)");
        Table t = new Table("<function", "ranks", "mean [ms]", "max [ms]", "max rank", "min [ms]", "max/mean");
        for (String f : p.functionsByTime()) {
            imbalanceRow(t, p.function(f), present, f);
        }
        t.appendTo(out, "  ");
    }

    /** Replaces the per-rank rows of the call sites: a row per site, with its imbalance. */
    static void siteImbalance(StringBuilder out, Profile p, Map<SiteKey, Integer> ids, long app, long mpi) {
        int present = presentRanks(p);
        TextReport.section(out, "Call sites by time, all ranks");
        Table sites = TextReport.statsTable("site");
        ids.forEach((k, id) -> TextReport.statsRow(
                sites,
                p.site(k).total(),
                TextReport.inApp(k.function(), app),
                TextReport.inApp(k.function(), mpi),
                id));
        sites.appendTo(out, "  ");
        TextReport.section(out, "Call sites: imbalance over ranks (max / mean of a rank's time)");
        Table t = new Table("site", "ranks", "mean [ms]", "max [ms]", "max rank", "min [ms]", "max/mean");
        ids.forEach((k, id) -> imbalanceRow(t, p.site(k), present, id));
        t.appendTo(out, "  ");
    }

    private static void imbalanceRow(Table t, Profile.Entry e, int present, Object key) {
        int ranks = e.ranks();
        long max = ranks == 0 ? -1 : e.maxRankNs();
        int maxRank = e.maxRank();
        long min = e.minRankNs();
        if (ranks < present) {
            min = 0; // some ranks never called it
        }
        double mean = present == 0 ? 0 : (double) e.total().timeNs() / present;
        t.row(
                key,
                ranks,
                TextReport.fixed(mean / 1e6, 3),
                TextReport.fixed(Math.max(0, max) / 1e6, 3),
                maxRank < 0 ? "-" : Integer.toString(maxRank),
                TextReport.fixed((ranks == 0 ? 0 : min) / 1e6, 3),
                mean <= 0 ? "-" : TextReport.fixed(max / mean, 2));
    }

    private static int presentRanks(Profile p) {
        int n = 0;
        for (Profile.RankSummary r : p.rankSummaries()) {
            if (r.present()) {
                n++;
            }
        }
        return n;
    }

    /** Nearest-rank percentile of {@code values} (copied, sorted). */
    static long percentile(long[] values, double pct) {
        long[] v = values.clone();
        Arrays.sort(v);
        return v[index(v.length, pct)];
    }

    static double percentile(double[] values, double pct) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v[index(v.length, pct)];
    }

    /** The index of the {@code pct} percentile in {@code n} sorted values (nearest rank). */
    static int index(int n, double pct) {
        int i = (int) Math.ceil(pct / 100.0 * n) - 1;
        return Math.max(0, Math.min(n - 1, i));
    }

    private static double mean(long[] v) {
        return v.length == 0 ? 0 : (double) sum(v) / v.length;
    }

    private static long sum(long[] v) {
        long s = 0;
        for (long x : v) {
            s += x;
        }
        return s;
    }
}
