package org.qmpi4j.report.iterations;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.qmpi4j.formats.profile.Iterations;

/**
 * The time of each iteration on each rank, folded over the ranks as they are read (one rank in
 * memory at a time; five numbers per iteration in all). Iteration {@code i} ends at the exit of
 * the boundary's {@code i}-th call and starts at the exit of the one before; the first starts at
 * the exit of the call before the first call of the loop's body (the first call, in the first
 * period, of a call the second period makes too): what comes before is set-up. Calls after the
 * last boundary are tear-down.
 */
final class IterationTimes {
    final long count;
    final int[] ranks;
    final long[] maxWall;
    final long[] sumWall;
    final long[] sumMpi;
    final long[] maxOutside;
    final int[] outsideRank;

    private IterationTimes(long count, int[] ranks) {
        this.count = count;
        this.ranks = ranks;
        int n = Math.toIntExact(count);
        maxWall = new long[n];
        sumWall = new long[n];
        sumMpi = new long[n];
        maxOutside = new long[n];
        outsideRank = new int[n];
        java.util.Arrays.fill(maxOutside, -1);
    }

    static IterationTimes measure(CallSource source, Iterations.Boundary boundary, long count) throws IOException {
        IterationTimes t = new IterationTimes(count, source.ranks());
        for (int r : t.ranks) {
            RankPass p = new RankPass(t, r, boundary);
            source.read(r, p);
            p.finish();
        }
        return t;
    }

    private void add(int rank, int iteration, long wall, long mpi) {
        maxWall[iteration] = Math.max(maxWall[iteration], wall);
        sumWall[iteration] += wall;
        sumMpi[iteration] += mpi;
        long outside = wall - mpi;
        if (outside > maxOutside[iteration]) {
            maxOutside[iteration] = outside;
            outsideRank[iteration] = rank;
        }
    }

    /** One rank's calls: the first two periods are held to find where the loop starts, the rest streamed. */
    private static final class RankPass implements CallSource.Sink {
        private final IterationTimes into;
        private final int rank;
        private final Iterations.Boundary boundary;
        private final List<Iterations.Boundary> heldSites = new ArrayList<>();
        private final List<long[]> heldTimes = new ArrayList<>();
        private int boundaries;
        private long previousEnd;
        private long mpi;

        RankPass(IterationTimes into, int rank, Iterations.Boundary boundary) {
            this.into = into;
            this.rank = rank;
            this.boundary = boundary;
        }

        @Override
        public void call(Iterations.Boundary site, long start, long end) {
            if (boundaries >= into.count) {
                return; // tear-down
            }
            if (boundaries < 2) {
                heldSites.add(site);
                heldTimes.add(new long[] {start, end});
                if (site.equals(boundary)) {
                    boundaries++;
                    if (boundaries == 2) {
                        settleFirstTwo();
                    }
                }
                return;
            }
            mpi += end - start;
            if (site.equals(boundary)) {
                into.add(rank, boundaries, end - previousEnd, mpi);
                previousEnd = end;
                mpi = 0;
                boundaries++;
            }
        }

        /** Iterations 1 and 2 from the held calls. */
        private void settleFirstTwo() {
            int firstEnd = heldSites.indexOf(boundary);
            Set<Iterations.Boundary> second = new HashSet<>(heldSites.subList(firstEnd + 1, heldSites.size()));
            int loopStart = 0;
            while (loopStart < firstEnd && !second.contains(heldSites.get(loopStart))) {
                loopStart++;
            }
            long start =
                    loopStart > 0 ? heldTimes.get(loopStart - 1)[1] : heldTimes.get(loopStart)[0];
            long m = 0;
            for (int k = loopStart; k <= firstEnd; k++) {
                m += heldTimes.get(k)[1] - heldTimes.get(k)[0];
            }
            long end1 = heldTimes.get(firstEnd)[1];
            into.add(rank, 0, end1 - start, m);
            m = 0;
            for (int k = firstEnd + 1; k < heldSites.size(); k++) {
                m += heldTimes.get(k)[1] - heldTimes.get(k)[0];
            }
            long end2 = heldTimes.get(heldTimes.size() - 1)[1];
            into.add(rank, 1, end2 - end1, m);
            previousEnd = end2;
            heldSites.clear();
            heldTimes.clear();
        }

        void finish() {
            if (boundaries < into.count) {
                throw new IllegalStateException(
                        "rank " + rank + " made the boundary call " + boundaries + " times, not " + into.count);
            }
        }
    }
}
