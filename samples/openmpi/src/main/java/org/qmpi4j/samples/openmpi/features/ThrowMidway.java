package org.qmpi4j.samples.openmpi.features;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * A job that dies midway: a token ring like {@code Ring}, in which rank 1 throws an uncaught
 * exception at the start of lap {@code failAt} instead of receiving. Before it throws, rank 1
 * prints its report (the calls it made so far), so that a test can check what a tool saved for it.
 * The other ranks are left waiting for the token; the launcher then stops them.
 *
 * <p>Usage: {@code ThrowMidway [laps] [failAt]} (defaults 6 and 3). Needs at least 2 ranks.
 */
public final class ThrowMidway {
    private static final int TAG = 5;
    private static final int INT_BYTES = 4;

    private ThrowMidway() {
    }

    public static void main(String[] args) throws MPIException {
        SampleReport report = new SampleReport("throw-midway");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int laps = args.length > 0 ? Integer.parseInt(args[0]) : 6;
        int failAt = args.length > 1 ? Integer.parseInt(args[1]) : 3;

        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        int[] token = new int[1];
        for (int lap = 0; lap < laps; lap++) {
            if (rank == 1 && lap == failAt) {
                report.print(System.out, true, "throws at lap " + lap + " as asked");
                throw new IllegalStateException("rank 1 fails on purpose at lap " + lap);
            }
            if (rank != 0) {
                MPI.COMM_WORLD.recv(token, 1, MPI.INT, prev, TAG);
                report.call("MPI_RECV");
            }
            token[0]++;
            MPI.COMM_WORLD.send(token, 1, MPI.INT, next, TAG);
            report.call("MPI_SEND");
            report.sent(next, INT_BYTES);
            if (rank == 0) {
                MPI.COMM_WORLD.recv(token, 1, MPI.INT, prev, TAG);
                report.call("MPI_RECV");
            }
        }
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        report.print(System.out, true, "token " + token[0] + " (rank 1 should have failed)");
    }
}
