package org.qmpi4j.samples.mpj.features;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * The MPJ Express twin of the Open MPI sample of the same name: a token ring in which rank
 * {@code failing} (1 unless given) stops at the start of lap {@code failAt}, by an uncaught
 * exception ({@code throw}) or {@code MPI_Abort} with code 3 ({@code abort}). MPJ Express 0.44's
 * {@code Abort} returns, so after it the rank throws as in {@code throw}; the other ranks are left
 * waiting for the token. Before it stops, that rank prints its report.
 *
 * <p>Usage: {@code ThrowMidway [laps] [failAt] [throw|abort] [failing]} (defaults 6, 3, throw, 1).
 * Needs at least 2 ranks.
 */
public final class ThrowMidway {
    private static final int TAG = 5;
    private static final int INT_BYTES = 4;

    private ThrowMidway() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see the Open MPI samples' package-info.
        SampleReport report = new SampleReport("throw-midway");
        // MPJ passes its own rank/config/device arguments first; Init returns the application's.
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.Rank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.Size();
        report.call("MPI_COMM_SIZE");
        int laps = args.length > 0 ? Integer.parseInt(args[0]) : 6;
        int failAt = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        String how = args.length > 2 ? args[2] : "throw";
        int failing = args.length > 3 ? Integer.parseInt(args[3]) : 1;

        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        int[] token = new int[1];
        for (int lap = 0; lap < laps; lap++) {
            if (rank == failing && lap == failAt) {
                if (how.equals("abort")) {
                    report.call("MPI_ABORT");
                }
                report.print(System.out, true, "stops (" + how + ") at lap " + lap + " as asked");
                if (how.equals("abort")) {
                    MPI.COMM_WORLD.Abort(3);
                }
                throw new IllegalStateException("rank " + rank + " fails on purpose at lap " + lap);
            }
            if (rank != 0) {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, prev, TAG);
                report.call("MPI_RECV");
            }
            token[0]++;
            MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, next, TAG);
            report.call("MPI_SEND");
            report.sent(next, INT_BYTES);
            if (rank == 0) {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, prev, TAG);
                report.call("MPI_RECV");
            }
        }
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        report.print(System.out, true, "token " + token[0] + " (rank " + failing + " should have failed)");
    }
}
