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
        for (long[] c : calls.get(rank)) {
            Iterations.Boundary b = sites.computeIfAbsent((int) c[0], SyntheticCalls::site);
            sink.call(b, c[1], c[2]);
        }
    }
}
