package org.qmpi4j.samples.openmpi;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * Passes an integer token around the ring 0 -> 1 -> ... -> size-1 -> 0 with blocking send/recv.
 *
 * <p>Each rank adds its own rank to the token before passing it on, so after {@code laps} laps the
 * token is {@code laps * size * (size - 1) / 2}. Every rank checks the value it receives on every
 * lap against that closed form, so a lost, duplicated or reordered message shows up on the rank
 * that received it.
 *
 * <p>Usage: {@code Ring [laps]} (default 3 laps). Needs at least 2 ranks.
 */
public final class Ring {
    private static final int TOKEN_TAG = 7;
    private static final int INT_BYTES = 4;

    private Ring() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("ring");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");

        int laps = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        String failure = null;
        int[] token = new int[1];

        if (size < 2) {
            // A blocking send to oneself may deadlock, so a ring needs a real neighbour.
            failure = "needs at least 2 ranks, got " + size;
        } else {
            int next = (rank + 1) % size;
            int prev = (rank + size - 1) % size;
            int lapSum = size * (size - 1) / 2; // what one lap adds to the token

            for (int lap = 0; lap < laps; lap++) {
                // Rank 0 starts each lap with what came back from the previous one; the others
                // wait for their predecessor and see the ranks 0..rank-1 added on this lap.
                if (rank != 0) {
                    MPI.COMM_WORLD.recv(token, 1, MPI.INT, prev, TOKEN_TAG);
                    report.call("MPI_RECV");
                    int expected = lap * lapSum + rank * (rank - 1) / 2;
                    if (token[0] != expected && failure == null) {
                        failure = "lap " + lap + ": got " + token[0] + " from rank " + prev + ", expected " + expected;
                    }
                }
                token[0] += rank;
                MPI.COMM_WORLD.send(token, 1, MPI.INT, next, TOKEN_TAG);
                report.call("MPI_SEND");
                report.sent(next, INT_BYTES);
                if (rank == 0) {
                    MPI.COMM_WORLD.recv(token, 1, MPI.INT, prev, TOKEN_TAG);
                    report.call("MPI_RECV");
                    int expected = (lap + 1) * lapSum;
                    if (token[0] != expected && failure == null) {
                        failure = "lap " + lap + ": token came back as " + token[0] + ", expected " + expected;
                    }
                }
            }
        }

        String detail = failure != null
                ? failure
                : rank == 0
                        ? "token " + token[0] + " after " + laps + " laps"
                        : laps + " laps, every token as expected";
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(System.out, failure == null, detail);
        if (status != 0) {
            System.exit(status);
        }
    }
}
