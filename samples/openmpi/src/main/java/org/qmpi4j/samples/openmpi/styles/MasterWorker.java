package org.qmpi4j.samples.openmpi.styles;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.qmpi4j.samples.SampleReport;

/**
 * A master hands out tasks and collects results; whoever answers first gets the next task. The
 * master receives with {@code ANY_SOURCE} and {@code ANY_TAG} and learns sender and kind of message
 * from the status; the workers receive from the master with {@code ANY_TAG} (a task, or the stop
 * message). A task is an integer {@code k}; its result is {@code k * k}, and the master checks the
 * sum of all results against the closed form.
 *
 * <p>Usage: {@code MasterWorker [tasks]} (default 40). Needs at least 2 ranks.
 */
public final class MasterWorker {
    private static final int TASK = 1;
    private static final int STOP = 2;
    private static final int RESULT = 3;
    private static final int READY = 4;
    private static final int LONG_BYTES = 8;

    private MasterWorker() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see the samples' package-info.
        SampleReport report = new SampleReport("master-worker");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 40;

        String failure = null;
        String detail;
        long[] msg = new long[1];
        if (size < 2) {
            failure = "needs at least 2 ranks, got " + size;
            detail = failure;
        } else if (rank == 0) {
            long sum = 0;
            int handedOut = 0;
            int stopped = 0;
            while (stopped < size - 1) {
                Status status = MPI.COMM_WORLD.recv(msg, 1, MPI.LONG, MPI.ANY_SOURCE, MPI.ANY_TAG);
                report.call("MPI_RECV");
                int worker = status.getSource();
                if (status.getTag() == RESULT) {
                    sum += msg[0];
                } else if (status.getTag() != READY && failure == null) {
                    failure = "unexpected tag " + status.getTag() + " from rank " + worker;
                }
                if (handedOut < tasks) {
                    msg[0] = handedOut++;
                    MPI.COMM_WORLD.send(msg, 1, MPI.LONG, worker, TASK);
                } else {
                    msg[0] = -1;
                    MPI.COMM_WORLD.send(msg, 1, MPI.LONG, worker, STOP);
                    stopped++;
                }
                report.call("MPI_SEND");
                report.sent(worker, LONG_BYTES);
            }
            long expected = (long) (tasks - 1) * tasks * (2L * tasks - 1) / 6;
            if (sum != expected && failure == null) {
                failure = "sum of results " + sum + ", expected " + expected;
            }
            detail = tasks + " tasks, sum of squares " + sum;
        } else {
            int done = 0;
            msg[0] = 0;
            MPI.COMM_WORLD.send(msg, 1, MPI.LONG, 0, READY);
            report.call("MPI_SEND");
            report.sent(0, LONG_BYTES);
            while (true) {
                Status status = MPI.COMM_WORLD.recv(msg, 1, MPI.LONG, 0, MPI.ANY_TAG);
                report.call("MPI_RECV");
                if (status.getTag() == STOP) {
                    break;
                }
                msg[0] = msg[0] * msg[0];
                MPI.COMM_WORLD.send(msg, 1, MPI.LONG, 0, RESULT);
                report.call("MPI_SEND");
                report.sent(0, LONG_BYTES);
                done++;
            }
            detail = done + " tasks done";
        }

        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int exit = report.print(System.out, failure == null, failure != null ? failure : detail);
        if (exit != 0) {
            System.exit(exit);
        }
    }
}
