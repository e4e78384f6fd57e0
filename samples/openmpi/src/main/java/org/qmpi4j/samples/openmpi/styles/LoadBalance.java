package org.qmpi4j.samples.openmpi.styles;

import java.nio.LongBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.qmpi4j.samples.SampleReport;

/**
 * Dynamic load balancing as teaching codes write it: the master keeps one nonblocking receive
 * from {@code ANY_SOURCE} open for results and completes it with {@code waitFor()}, which returns
 * no status (each result carries its worker's rank), then gives that worker the next task. At the
 * end every worker reports how many tasks it did, into receives posted from {@code ANY_SOURCE}
 * all at once and completed with {@code Request.waitAll}, which returns no statuses either. A task
 * {@code k} costs {@code k % 3} milliseconds, so the workers finish in varying order.
 *
 * <p>Usage: {@code LoadBalance [tasks]} (default 30). Needs at least 2 ranks.
 */
public final class LoadBalance {
    private static final int TASK = 1;
    private static final int STOP = 2;
    private static final int RESULT = 3;
    private static final int REPORT = 4;
    private static final int LONG_BYTES = 8;

    private LoadBalance() {}

    public static void main(String[] args) throws MPIException, InterruptedException {
        // Written out in every sample, not shared: see the samples' package-info.
        SampleReport report = new SampleReport("load-balance");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 30;

        String failure = null;
        String detail;
        long[] one = new long[1];
        if (size < 2) {
            failure = "needs at least 2 ranks, got " + size;
            detail = failure;
        } else if (rank == 0) {
            int handedOut = 0;
            for (int w = 1; w < size; w++) {
                one[0] = handedOut < tasks ? handedOut : -1;
                MPI.COMM_WORLD.send(one, 1, MPI.LONG, w, handedOut < tasks ? TASK : STOP);
                report.call("MPI_SEND");
                report.sent(w, LONG_BYTES);
                if (handedOut < tasks) {
                    handedOut++;
                }
            }
            int outstanding = handedOut;
            long sum = 0;
            LongBuffer result = MPI.newLongBuffer(2);
            while (outstanding > 0) {
                Request r = MPI.COMM_WORLD.iRecv(result, 2, MPI.LONG, MPI.ANY_SOURCE, RESULT);
                report.call("MPI_IRECV");
                r.waitFor();
                report.call("MPI_WAIT");
                outstanding--;
                int worker = (int) result.get(0);
                sum += result.get(1);
                one[0] = handedOut < tasks ? handedOut : -1;
                MPI.COMM_WORLD.send(one, 1, MPI.LONG, worker, handedOut < tasks ? TASK : STOP);
                report.call("MPI_SEND");
                report.sent(worker, LONG_BYTES);
                if (handedOut < tasks) {
                    handedOut++;
                    outstanding++;
                }
            }
            LongBuffer[] counts = new LongBuffer[size - 1];
            Request[] reports = new Request[size - 1];
            for (int i = 0; i < reports.length; i++) {
                counts[i] = MPI.newLongBuffer(1);
                reports[i] = MPI.COMM_WORLD.iRecv(counts[i], 1, MPI.LONG, MPI.ANY_SOURCE, REPORT);
                report.call("MPI_IRECV");
            }
            Request.waitAll(reports);
            report.call("MPI_WAITALL");
            long done = 0;
            for (LongBuffer c : counts) {
                done += c.get(0);
            }
            long expected = (long) (tasks - 1) * tasks * (2L * tasks - 1) / 6;
            if (sum != expected && failure == null) {
                failure = "sum of results " + sum + ", expected " + expected;
            } else if (done != tasks && failure == null) {
                failure = "workers report " + done + " tasks done, expected " + tasks;
            }
            detail = tasks + " tasks, sum of squares " + sum;
        } else {
            long done = 0;
            long[] answer = new long[2];
            while (true) {
                mpi.Status status = MPI.COMM_WORLD.recv(one, 1, MPI.LONG, 0, MPI.ANY_TAG);
                report.call("MPI_RECV");
                if (status.getTag() == STOP) {
                    break;
                }
                Thread.sleep(one[0] % 3);
                answer[0] = rank;
                answer[1] = one[0] * one[0];
                MPI.COMM_WORLD.send(answer, 2, MPI.LONG, 0, RESULT);
                report.call("MPI_SEND");
                report.sent(0, 2 * LONG_BYTES);
                done++;
            }
            one[0] = done;
            MPI.COMM_WORLD.send(one, 1, MPI.LONG, 0, REPORT);
            report.call("MPI_SEND");
            report.sent(0, LONG_BYTES);
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
