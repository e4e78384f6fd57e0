package org.qmpi4j.report.iterations;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.formats.profile.Iterations;

/**
 * Ranks' call sequences written by hand: {@code call(rank, line, mpiMs)} appends an MPI call of
 * {@code MPI_<line>} at {@code Solver.java:line} taking {@code mpiMs}, {@code compute(rank, ms)}
 * time outside MPI before the next call.
 */
final class SyntheticCalls implements CallSource {
    private final int ranks;
    private final List<List<long[]>> calls = new ArrayList<>();
    private final long[] clock;
    private final Map<Integer, Iterations.Boundary> sites = new HashMap<>();
    private final Map<Long, long[]> jvm = new HashMap<>();
    /** The waits given to calls, as the wait analysis would count them. */
    final RankWaits waits = new RankWaits(org.qmpi4j.report.waits.WaitAnalysis.NOBODY);

    SyntheticCalls(int ranks) {
        this.ranks = ranks;
        clock = new long[ranks];
        for (int r = 0; r < ranks; r++) {
            calls.add(new ArrayList<>());
        }
    }

    static Iterations.Boundary site(int line) {
        return new Iterations.Boundary("MPI_L" + line, "org.example.Solver", "main", "Solver.java", line);
    }

    SyntheticCalls call(int rank, int line, double mpiMs) {
        long start = clock[rank];
        long end = start + Math.round(mpiMs * 1e6);
        calls.get(rank).add(new long[] {line, start, end});
        clock[rank] = end;
        return this;
    }

    /** The last call of {@code rank} waited {@code ms} (the wait analysis counted it). */
    SyntheticCalls waited(int rank, double ms) {
        long[] last = calls.get(rank).get(calls.get(rank).size() - 1);
        waits.add(rank, last[1], Math.round(ms * 1e6));
        return this;
    }

    /**
     * The JVM's record of the last call of {@code rank}: {@code kind} (0 gc, 2 safepoint, 3 class
     * loading, 4 descheduled) took {@code beforeMs} before it and {@code insideMs} in it.
     */
    SyntheticCalls jvm(int rank, int kind, double beforeMs, double insideMs) {
        List<long[]> c = calls.get(rank);
        long[] ten = jvm.computeIfAbsent(((long) rank << 32) | (c.size() - 1), k -> new long[10]);
        ten[kind] += Math.round(beforeMs * 1e6);
        ten[5 + kind] += Math.round(insideMs * 1e6);
        if (kind == 0) {
            ten[1]++;
        }
        return this;
    }

    SyntheticCalls everyRank(int line, double mpiMs) {
        for (int r = 0; r < ranks; r++) {
            call(r, line, mpiMs);
        }
        return this;
    }

    SyntheticCalls compute(int rank, double ms) {
        clock[rank] += Math.round(ms * 1e6);
        return this;
    }

    SyntheticCalls computeEveryRank(double ms) {
        for (int r = 0; r < ranks; r++) {
            compute(r, ms);
        }
        return this;
    }

    @Override
    public int[] ranks() {
        int[] r = new int[ranks];
        for (int i = 0; i < ranks; i++) {
            r[i] = i;
        }
        return r;
    }

    @Override
    public void read(int rank, Sink sink) {
        List<long[]> c = calls.get(rank);
        long[] none = new long[10];
        for (int i = 0; i < c.size(); i++) {
            Iterations.Boundary b = sites.computeIfAbsent((int) c.get(i)[0], SyntheticCalls::site);
            long[] j = jvm.get(((long) rank << 32) | i);
            // as a trace with the JVM's records: every call has one, all 0 when nothing happened
            sink.call(b, c.get(i)[1], c.get(i)[2], jvm.isEmpty() ? null : j == null ? none : j);
        }
    }
}
