package org.qmpi4j.report.iterations;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Iterations;

/**
 * The time of each iteration on each rank, folded over the ranks as they are read (one rank in
 * memory at a time; eleven numbers per iteration in all). Iteration {@code i} ends at the exit of
 * the boundary's {@code i}-th call and starts at the exit of the one before; the first starts at
 * the exit of the call before the first call of the loop's body (the first call, in the first
 * period, of a call the second period makes too): what comes before is set-up. Calls after the
 * last boundary are tear-down. A call's waits (from the wait-state analysis) and the JVM's pauses
 * before it (outside MPI, from the trace's JVM records) count in the iteration the call belongs to.
 *
 * <p>With an {@code MPI_Pcontrol} marker ({@link #measureMarked}) the boundary starts each
 * iteration instead: iteration {@code i} runs from the marker's {@code i}-th entry to its next
 * entry, the last to the exit of the rank's last call before {@code MPI_Finalize}; calls before the
 * first marker are set-up, and the JVM's pauses before a marker count in the iteration it ends.
 *
 * <p>Somewhat over the usual size because the two passes (cut at the boundary, cut at a marker)
 * fold into the same sums ({@link #add}) and read the same waits and pauses: apart, each would need
 * the whole state handed to it.
 */
final class IterationTimes {
    /** The JVM's pauses, in the order of a JVM record's ns fields that {@link #PAUSE_FIELDS} names. */
    static final String[] PAUSES = {"gc", "safepoint", "class_loading", "descheduled"};
    /** Where each of {@link #PAUSES} is in a JVM record's first half (the second half: plus five). */
    private static final int[] PAUSE_FIELDS = {0, 2, 3, 4};

    private static final int HALF = 5;

    final long count;
    final int[] ranks;
    final long[] maxWall;
    final long[] sumWall;
    final long[] sumMpi;
    final long[] maxOutside;
    final int[] outsideRank;
    /** Waits summed over ranks; the longest one rank waited in total, and that rank. */
    final long[] sumWait;

    final long[] maxWait;
    final int[] waitRank;
    /** The longest JVM pause of one kind one rank had in total, its kind (index in {@link #PAUSES}) and rank. */
    final long[] maxPause;

    final byte[] pauseKind;
    final int[] pauseRank;
    /** Whether the waits were analysed, and whether some call came with the JVM's record. */
    final boolean waitsKnown;

    boolean jvmKnown;

    private IterationTimes(long count, int[] ranks, boolean waitsKnown) {
        this.count = count;
        this.ranks = ranks;
        this.waitsKnown = waitsKnown;
        int n = Math.toIntExact(count);
        maxWall = new long[n];
        sumWall = new long[n];
        sumMpi = new long[n];
        maxOutside = new long[n];
        outsideRank = new int[n];
        Arrays.fill(maxOutside, -1);
        sumWait = new long[n];
        maxWait = new long[n];
        waitRank = new int[n];
        Arrays.fill(waitRank, -1);
        maxPause = new long[n];
        pauseKind = new byte[n];
        pauseRank = new int[n];
        Arrays.fill(pauseRank, -1);
    }

    static IterationTimes measure(CallSource source, Iterations.Boundary boundary, long count) throws IOException {
        return measure(source, boundary, count, null, null);
    }

    private static final IterationStarts NOBODY = new IterationStarts() {
        @Override
        public void begin(int ranks, long count) {}

        @Override
        public void start(int rank, long iteration, long time) {}

        @Override
        public void end(int rank, long time) {}
    };

    /**
     * As without {@code waits}, giving each wait in {@code waits} to its call's iteration, and
     * telling {@code starts} when each rank started each iteration.
     */
    static IterationTimes measure(
            CallSource source,
            Iterations.Boundary boundary,
            long count,
            @Nullable RankWaits waits,
            @Nullable IterationStarts starts)
            throws IOException {
        return pass(source, boundary, count, waits, starts, false);
    }

    /**
     * As {@link #measure(CallSource, Iterations.Boundary, long, RankWaits, IterationStarts)}, with
     * {@code marker} an {@code MPI_Pcontrol} site that starts each iteration (its calls with a
     * level other than 0; {@code count} of them on every rank).
     */
    static IterationTimes measureMarked(
            CallSource source,
            Iterations.Boundary marker,
            long count,
            @Nullable RankWaits waits,
            @Nullable IterationStarts starts)
            throws IOException {
        return pass(source, marker, count, waits, starts, true);
    }

    /** One pass over each rank's calls, cut at the boundary's calls ({@code marked}: at a marker's). */
    private static IterationTimes pass(
            CallSource source,
            Iterations.Boundary boundary,
            long count,
            @Nullable RankWaits waits,
            @Nullable IterationStarts starts,
            boolean marked)
            throws IOException {
        IterationTimes t = new IterationTimes(count, source.ranks(), waits != null);
        IterationStarts told = starts == null ? NOBODY : starts;
        told.begin(t.ranks.length, count);
        for (int r : t.ranks) {
            long[] w = waits == null ? new long[0] : waits.of(r);
            if (marked) {
                MarkedPass p = new MarkedPass(t, r, boundary, w, told);
                source.read(r, p);
                p.finish();
            } else {
                RankPass p = new RankPass(t, r, boundary, w, told);
                source.read(r, p);
                p.finish();
            }
        }
        return t;
    }

    /** The function whose call ends a rank's calls; the last marked iteration ends before it. */
    static final String FINALIZE = "MPI_FINALIZE";

    /**
     * Adds the JVM's pauses before a call ({@code jvm}, a JVM record: its first half, the
     * interval since the previous call, outside MPI) to {@code to} from {@code at}. A pause
     * inside a call is left out: it fell while the rank waited in MPI (a busy-polling wait on
     * a loaded machine is descheduled) and delayed nobody.
     */
    private void addPauses(long[] to, int at, @Nullable long[] jvm) {
        if (jvm == null) {
            return;
        }
        jvmKnown = true;
        for (int k = 0; k < PAUSE_FIELDS.length; k++) {
            to[at + k] += jvm[PAUSE_FIELDS[k]];
        }
    }

    /** A rank's waits, (entry, ns) in order of entry, and the next one not yet given. */
    private static final class WaitCursor {
        private final long[] waits;
        private int next;

        WaitCursor(long[] waits) {
            this.waits = waits;
        }

        /** The waits of the call that entered at {@code start}; earlier ones (set-up) are passed over. */
        long of(long start) {
            while (2 * next < waits.length && waits[2 * next] < start) {
                next++;
            }
            long w = 0;
            while (2 * next < waits.length && waits[2 * next] == start) {
                w += waits[2 * next + 1];
                next++;
            }
            return w;
        }
    }

    /** One rank's calls, cut at the marker's calls; streamed, one iteration's sums held. */
    private static final class MarkedPass implements CallSource.Sink {
        private final IterationTimes into;
        private final int rank;
        private final Iterations.Boundary marker;
        private final IterationStarts starts;
        private final WaitCursor waits;
        /** Marker calls seen: the iteration in progress (0: set-up). */
        private int markers;

        private boolean finalized;
        private long iterationStart;
        private long lastEnd;
        private long mpi;
        private long wait;
        private final long[] pauses = new long[PAUSES.length];

        MarkedPass(IterationTimes into, int rank, Iterations.Boundary marker, long[] waits, IterationStarts starts) {
            this.into = into;
            this.rank = rank;
            this.marker = marker;
            this.waits = new WaitCursor(waits);
            this.starts = starts;
        }

        @Override
        public void call(Iterations.Boundary site, long start, long end) {
            call(site, start, end, null, CallSource.NO_LEVEL);
        }

        @Override
        public void call(Iterations.Boundary site, long start, long end, @Nullable long[] jvm) {
            call(site, start, end, jvm, CallSource.NO_LEVEL);
        }

        @Override
        public void call(Iterations.Boundary site, long start, long end, @Nullable long[] jvm, long level) {
            if (finalized || site.function().equals(FINALIZE)) {
                finalized = true;
                return;
            }
            long w = waits.of(start);
            if (markers < into.count && PcontrolMarkers.marks(site, level) && site.equals(marker)) {
                if (markers > 0) {
                    // The time before the marker's entry, and what the JVM did in it, ends the iteration in progress.
                    into.addPauses(pauses, 0, jvm);
                    into.add(rank, markers - 1, start - iterationStart, mpi, wait, pauses);
                    Arrays.fill(pauses, 0);
                }
                markers++;
                starts.start(rank, markers, start);
                iterationStart = start;
                lastEnd = end;
                mpi = end - start;
                wait = w;
                return;
            }
            if (markers == 0) {
                return; // set-up
            }
            into.addPauses(pauses, 0, jvm);
            mpi += end - start;
            wait += w;
            lastEnd = end;
        }

        void finish() {
            if (markers < into.count) {
                throw new IllegalStateException(
                        "rank " + rank + " called the marker " + marker + " " + markers + " times, not " + into.count);
            }
            into.add(rank, markers - 1, lastEnd - iterationStart, mpi, wait, pauses);
            starts.end(rank, lastEnd);
        }
    }

    private void add(int rank, int iteration, long wall, long mpi, long wait, long[] pauses) {
        maxWall[iteration] = Math.max(maxWall[iteration], wall);
        sumWall[iteration] += wall;
        sumMpi[iteration] += mpi;
        long outside = wall - mpi;
        if (outside > maxOutside[iteration]) {
            maxOutside[iteration] = outside;
            outsideRank[iteration] = rank;
        }
        sumWait[iteration] += wait;
        if (wait > maxWait[iteration]) {
            maxWait[iteration] = wait;
            waitRank[iteration] = rank;
        }
        for (int k = 0; k < PAUSES.length; k++) {
            if (pauses[k] > maxPause[iteration]) {
                maxPause[iteration] = pauses[k];
                pauseKind[iteration] = (byte) k;
                pauseRank[iteration] = rank;
            }
        }
    }

    /**
     * One rank's calls: the first two periods are held to find where the loop starts, the rest
     * streamed. Each held call is kept as its entry, exit, wait and the JVM's pauses.
     */
    private static final class RankPass implements CallSource.Sink {
        private static final int HELD = 3 + PAUSES.length;
        private final IterationTimes into;
        private final int rank;
        private final Iterations.Boundary boundary;
        private final IterationStarts starts;
        private final WaitCursor waits;
        private final List<Iterations.Boundary> heldSites = new ArrayList<>();
        private final List<long[]> heldTimes = new ArrayList<>();
        private int boundaries;
        private long previousEnd;
        private long mpi;
        private long wait;
        private final long[] pauses = new long[PAUSES.length];

        RankPass(IterationTimes into, int rank, Iterations.Boundary boundary, long[] waits, IterationStarts starts) {
            this.into = into;
            this.starts = starts;
            this.rank = rank;
            this.boundary = boundary;
            this.waits = new WaitCursor(waits);
        }

        @Override
        public void call(Iterations.Boundary site, long start, long end) {
            call(site, start, end, null);
        }

        @Override
        public void call(Iterations.Boundary site, long start, long end, @Nullable long[] jvm) {
            if (boundaries >= into.count) {
                return; // tear-down
            }
            long w = waits.of(start);
            if (boundaries < 2) {
                long[] held = new long[HELD];
                held[0] = start;
                held[1] = end;
                held[2] = w;
                into.addPauses(held, 3, jvm);
                heldSites.add(site);
                heldTimes.add(held);
                if (site.equals(boundary)) {
                    boundaries++;
                    if (boundaries == 2) {
                        settleFirstTwo();
                    }
                }
                return;
            }
            mpi += end - start;
            wait += w;
            into.addPauses(pauses, 0, jvm);
            if (site.equals(boundary)) {
                into.add(rank, boundaries, end - previousEnd, mpi, wait, pauses);
                previousEnd = end;
                mpi = 0;
                wait = 0;
                Arrays.fill(pauses, 0);
                boundaries++;
                next(end);
            }
        }

        /** The iteration that ended at {@code end} is followed by the next, or by the loop's end. */
        private void next(long end) {
            if (boundaries < into.count) {
                starts.start(rank, boundaries + 1L, end);
            } else {
                starts.end(rank, end);
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
            long end1 = heldTimes.get(firstEnd)[1];
            addHeld(0, loopStart, firstEnd + 1, end1 - start);
            long end2 = heldTimes.get(heldTimes.size() - 1)[1];
            addHeld(1, firstEnd + 1, heldSites.size(), end2 - end1);
            starts.start(rank, 1, start);
            starts.start(rank, 2, end1);
            next(end2);
            previousEnd = end2;
            heldSites.clear();
            heldTimes.clear();
        }

        /** Iteration {@code iteration} made of held calls {@code from} to {@code to} (exclusive). */
        private void addHeld(int iteration, int from, int to, long wall) {
            long m = 0;
            long w = 0;
            long[] p = new long[PAUSES.length];
            for (int k = from; k < to; k++) {
                long[] h = heldTimes.get(k);
                m += h[1] - h[0];
                w += h[2];
                for (int j = 0; j < p.length; j++) {
                    p[j] += h[3 + j];
                }
            }
            into.add(rank, iteration, wall, m, w, p);
        }

        void finish() {
            if (boundaries < into.count) {
                throw new IllegalStateException(
                        "rank " + rank + " made the boundary call " + boundaries + " times, not " + into.count);
            }
        }
    }
}
