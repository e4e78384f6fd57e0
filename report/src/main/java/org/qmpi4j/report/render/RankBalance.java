package org.qmpi4j.report.render;

import org.qmpi4j.formats.profile.Profile;

/**
 * How evenly the work is spread over the ranks that reported, for {@code report.txt} and
 * {@code report.html} alike. A rank's load is its time outside MPI (application time minus MPI
 * time): the most loaded rank computes longest and the others wait for it inside MPI, so the
 * least loaded rank is usually the one with the most MPI time. {@code max / mean} is 1 for a
 * perfectly balanced job; 1.25 means the slowest rank works a quarter longer than the average.
 */
final class RankBalance {
    private final int ranks;
    private final double meanLoadNs;
    private final long maxLoadNs;
    private final int mostLoaded;
    private final int leastLoaded;
    private final double meanMpiNs;
    private final long maxMpiNs;

    private RankBalance(
            int ranks,
            double meanLoadNs,
            long maxLoadNs,
            int mostLoaded,
            int leastLoaded,
            double meanMpiNs,
            long maxMpiNs) {
        this.ranks = ranks;
        this.meanLoadNs = meanLoadNs;
        this.maxLoadNs = maxLoadNs;
        this.mostLoaded = mostLoaded;
        this.leastLoaded = leastLoaded;
        this.meanMpiNs = meanMpiNs;
        this.maxMpiNs = maxMpiNs;
    }

    /** Over the ranks present in {@code p}; {@link #ranks()} is 0 when none is. */
    static RankBalance of(Profile p) {
        int n = 0;
        long loadSum = 0;
        long mpiSum = 0;
        long maxLoad = Long.MIN_VALUE;
        long minLoad = Long.MAX_VALUE;
        long maxMpi = 0;
        int most = -1;
        int least = -1;
        for (Profile.RankSummary r : p.rankSummaries()) {
            if (!r.present()) {
                continue;
            }
            long load = load(r);
            n++;
            loadSum += load;
            mpiSum += r.mpiNs();
            maxMpi = Math.max(maxMpi, r.mpiNs());
            if (load > maxLoad) {
                maxLoad = load;
                most = r.rank();
            }
            if (load < minLoad) {
                minLoad = load;
                least = r.rank();
            }
        }
        return n == 0
                ? new RankBalance(0, 0, 0, -1, -1, 0, 0)
                : new RankBalance(n, (double) loadSum / n, maxLoad, most, least, (double) mpiSum / n, maxMpi);
    }

    /** A rank's time outside MPI during the application time (never negative). */
    static long load(Profile.RankSummary r) {
        return Math.max(0, r.appNs() - r.mpiNs());
    }

    /** Ranks the figures are taken over (those that reported). */
    int ranks() {
        return ranks;
    }

    /** Largest load over the mean load; 1 when all ranks are equal, 0 when nothing was measured. */
    double loadMaxOverMean() {
        return meanLoadNs <= 0 ? 0 : maxLoadNs / meanLoadNs;
    }

    /** Largest MPI time over the mean MPI time. */
    double mpiMaxOverMean() {
        return meanMpiNs <= 0 ? 0 : maxMpiNs / meanMpiNs;
    }

    /** The rank with the most time outside MPI (first such rank), or -1. */
    int mostLoaded() {
        return mostLoaded;
    }

    /** The rank with the least time outside MPI (first such rank), or -1. */
    int leastLoaded() {
        return leastLoaded;
    }

    /** One line for people: {@code load (app - MPI) max/mean 1.23, most loaded rank 3, ...}. */
    String describe() {
        if (ranks == 0) {
            return "no rank reported";
        }
        return "load (app - MPI) max/mean " + TextReport.fixed(loadMaxOverMean(), 2) + ", most loaded rank "
                + mostLoaded + ", least loaded rank " + leastLoaded + "; MPI time max/mean "
                + TextReport.fixed(mpiMaxOverMean(), 2);
    }
}
