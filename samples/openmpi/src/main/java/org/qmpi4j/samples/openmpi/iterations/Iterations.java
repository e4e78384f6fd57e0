package org.qmpi4j.samples.openmpi.iterations;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * An iterative solver's skeleton on 4 ranks: each iteration exchanges with the ring neighbours,
 * computes (sleeps), and sums a residual over all ranks. The first argument picks what is made:
 *
 * <ul>
 *   <li>{@code spike}: {@value #SPIKE_ITERATIONS} iterations of {@value #STEP_MS} ms; in iteration
 *       {@value #SPIKE_AT} rank {@value #SPIKE_RANK} computes {@value #SPIKE_MS} ms longer;
 *   <li>{@code warmup}: the first {@value #WARMUP} of {@value #WARMUP_ITERATIONS} iterations take
 *       {@value #WARMUP_MS} ms, the rest {@value #STEADY_MS} ms;
 *   <li>{@code nested}: {@value #OUTER} iterations, each of {@value #INNER} exchanges, then the sum;
 *   <li>{@code master}: rank 0 hands out {@value #TASKS} tasks, the workers take turns unevenly
 *       (ranks doing different work, no call every rank repeats equally);
 *   <li>{@code noloop}: set-up and tear-down calls only;
 *   <li>{@code pcontrol}: {@value #MARKED_ITERATIONS} iterations, each starting with
 *       {@code MPI.pControl(1, null)} (the marker), computing {@value #STEP_MS} ms (in iteration
 *       {@value #MARKED_SPIKE_AT} rank {@value #MARKED_SPIKE_RANK} {@value #SPIKE_MS} ms longer),
 *       then {@code 1 + it % 3} exchanges, and every {@value #CHECK_EVERY}th iteration the residual:
 *       the search alone would take the residual's {@value #MARKED_ITERATIONS}/{@value #CHECK_EVERY}
 *       calls for the loop.
 * </ul>
 */
public final class Iterations {
    static final int SPIKE_ITERATIONS = 40;
    static final int STEP_MS = 5;
    static final int SPIKE_AT = 25;
    static final int SPIKE_RANK = 1;
    static final int SPIKE_MS = 300;
    static final int WARMUP_ITERATIONS = 30;
    static final int WARMUP = 10;
    static final int WARMUP_MS = 160;
    static final int STEADY_MS = 40;
    static final int OUTER = 10;
    static final int INNER = 5;
    static final int TASKS = 12;
    static final int MARKED_ITERATIONS = 20;
    static final int MARKED_SPIKE_AT = 13;
    static final int MARKED_SPIKE_RANK = 2;
    static final int CHECK_EVERY = 5;
    private static final int TAG = 3;

    private Iterations() {}

    public static void main(String[] args) throws MPIException, InterruptedException {
        SampleReport report = new SampleReport("iterations");
        String mode = args.length > 0 ? args[0] : "spike";
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        double[] setting = {42};
        MPI.COMM_WORLD.bcast(setting, 1, MPI.DOUBLE, 0); // set-up
        report.call("MPI_BCAST");
        double sum = 0;
        switch (mode) {
            case "spike":
                for (int it = 1; it <= SPIKE_ITERATIONS; it++) {
                    exchange(rank, size, report);
                    Thread.sleep(STEP_MS + (it == SPIKE_AT && rank == SPIKE_RANK ? SPIKE_MS : 0));
                    sum += residual(rank, report);
                }
                break;
            case "warmup":
                for (int it = 1; it <= WARMUP_ITERATIONS; it++) {
                    exchange(rank, size, report);
                    Thread.sleep(it <= WARMUP ? WARMUP_MS : STEADY_MS);
                    sum += residual(rank, report);
                }
                break;
            case "nested":
                for (int it = 1; it <= OUTER; it++) {
                    for (int j = 0; j < INNER; j++) {
                        exchange(rank, size, report);
                        Thread.sleep(1);
                    }
                    sum += residual(rank, report);
                }
                break;
            case "pcontrol":
                for (int it = 1; it <= MARKED_ITERATIONS; it++) {
                    MPI.pControl(1, null); // SITE:marker
                    report.call("MPI_PCONTROL");
                    Thread.sleep(STEP_MS + (it == MARKED_SPIKE_AT && rank == MARKED_SPIKE_RANK ? SPIKE_MS : 0));
                    for (int k = 0; k <= it % 3; k++) {
                        exchange(rank, size, report);
                    }
                    if (it % CHECK_EVERY == 0) {
                        sum += residual(rank, report);
                    }
                }
                break;
            case "master":
                sum = masterWorker(rank, size, report);
                break;
            default:
                sum = residual(rank, report);
                break;
        }
        MPI.COMM_WORLD.barrier(); // tear-down
        report.call("MPI_BARRIER");
        MPI.Finalize();
        int status = report.print(System.out, size == 4 && sum > 0, "mode " + mode + " on " + size + " ranks");
        if (status != 0) {
            System.exit(status);
        }
    }

    /** Task {@code t} goes to worker {@code 1 + t % 3} except every fourth, which goes to worker 1. */
    private static double masterWorker(int rank, int size, SampleReport report)
            throws MPIException, InterruptedException {
        int[] task = new int[1];
        double done = 0;
        for (int t = 0; t < TASKS; t++) {
            int worker = t % 4 == 3 ? 1 : 1 + t % (size - 1);
            if (rank == 0) {
                task[0] = t;
                MPI.COMM_WORLD.send(task, 1, MPI.INT, worker, TAG); // SITE:task
                report.call("MPI_SEND");
                report.sent(worker, 4);
            } else if (rank == worker) {
                MPI.COMM_WORLD.recv(task, 1, MPI.INT, 0, TAG);
                report.call("MPI_RECV");
                Thread.sleep(2);
                done++;
            }
        }
        double[] total = {done};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.DOUBLE, MPI.SUM);
        report.call("MPI_ALLREDUCE");
        return total[0];
    }

    private static void exchange(int rank, int size, SampleReport report) throws MPIException {
        int[] mine = {rank};
        int[] theirs = new int[1];
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        MPI.COMM_WORLD.sendRecv(mine, 1, MPI.INT, right, TAG, theirs, 1, MPI.INT, left, TAG); // SITE:exchange
        report.call("MPI_SENDRECV");
        report.sent(right, 4);
    }

    private static double residual(int rank, SampleReport report) throws MPIException {
        double[] r = {rank + 1.0};
        MPI.COMM_WORLD.allReduce(r, 1, MPI.DOUBLE, MPI.SUM); // SITE:residual
        report.call("MPI_ALLREDUCE");
        return r[0];
    }
}
