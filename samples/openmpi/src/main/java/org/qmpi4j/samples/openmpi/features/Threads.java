package org.qmpi4j.samples.openmpi.features;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * Several threads per rank calling MPI at once ({@code MPI_THREAD_MULTIPLE}): each of
 * {@value #THREADS} threads exchanges {@code exchanges} messages with the partner rank (rank xor
 * 1), with a tag of its own; even threads use {@code sendRecv}, odd threads a {@code send} and a
 * {@code recv} ordered by rank. Every payload is a closed form of sender, thread and round, checked
 * on receipt. Each thread counts its calls in its own {@link SampleReport}-like tally, merged after
 * the threads ended ({@code SampleReport} is not thread safe).
 *
 * <p>If the library provides less than {@code MPI_THREAD_MULTIPLE}, the sample says so in a
 * {@code # note:} line and runs the same exchanges one thread after another from the main thread.
 *
 * <p>Usage: {@code Threads [exchanges]} (default 20). Needs an even number of ranks.
 */
public final class Threads {
    static final int THREADS = 4;

    private Threads() {}

    /** One thread's counts. */
    static final class Tally {
        long sendRecv;
        long send;
        long recv;
        long bytesSent;
    }

    public static void main(String[] args) throws Exception {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("threads");
        int provided = MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        report.call("MPI_INIT_THREAD");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int exchanges = args.length > 0 ? Integer.parseInt(args[0]) : 20;

        String failure = null;
        boolean multiple = provided >= MPI.THREAD_MULTIPLE;
        if (size % 2 != 0) {
            failure = "needs an even number of ranks, got " + size;
        } else {
            int partner = rank ^ 1;
            Tally[] tallies = new Tally[THREADS];
            AtomicReference<String> firstFailure = new AtomicReference<>();
            if (multiple) {
                List<Thread> threads = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int thread = t;
                    tallies[t] = new Tally();
                    Thread th = new Thread(
                            () -> {
                                try {
                                    String f = exchange(rank, partner, thread, exchanges, tallies[thread]);
                                    if (f != null) {
                                        firstFailure.compareAndSet(null, f);
                                    }
                                } catch (Throwable e) {
                                    firstFailure.compareAndSet(null, "thread " + thread + ": " + e);
                                }
                            },
                            "exchange-" + t);
                    threads.add(th);
                    th.start();
                }
                for (Thread th : threads) {
                    th.join();
                }
            } else {
                System.out.println("# note: MPI provides thread level " + provided + " < MPI_THREAD_MULTIPLE ("
                        + MPI.THREAD_MULTIPLE + "); running the " + THREADS + " exchanges one after another");
                for (int t = 0; t < THREADS; t++) {
                    tallies[t] = new Tally();
                    String f = exchange(rank, partner, t, exchanges, tallies[t]);
                    if (f != null) {
                        firstFailure.compareAndSet(null, f);
                    }
                }
            }
            failure = firstFailure.get();
            for (Tally t : tallies) {
                report.calls("MPI_SENDRECV", t.sendRecv);
                report.calls("MPI_SEND", t.send);
                report.calls("MPI_RECV", t.recv);
                for (long m = 0; m < t.sendRecv + t.send; m++) {
                    report.sent(partner, 4);
                }
            }
        }

        report.call("MPI_FINALIZE");
        MPI.Finalize();
        String detail = failure != null
                ? failure
                : THREADS + " threads x " + exchanges + " exchanges verified"
                        + (multiple ? " (THREAD_MULTIPLE)" : " (serialised)");
        int status = report.print(System.out, failure == null, detail);
        if (status != 0) {
            System.exit(status);
        }
    }

    private static int payload(int fromRank, int thread, int round) {
        return 1_000_000 * fromRank + 1000 * thread + round;
    }

    /** Returns a failure description or null. */
    private static String exchange(int rank, int partner, int thread, int exchanges, Tally tally) throws MPIException {
        int tag = 100 + thread;
        int[] out = new int[1];
        int[] in = new int[1];
        for (int i = 0; i < exchanges; i++) {
            out[0] = payload(rank, thread, i);
            in[0] = -1;
            if (thread % 2 == 0) {
                MPI.COMM_WORLD.sendRecv(out, 1, MPI.INT, partner, tag, in, 1, MPI.INT, partner, tag);
                tally.sendRecv++;
            } else if (rank < partner) {
                MPI.COMM_WORLD.send(out, 1, MPI.INT, partner, tag);
                tally.send++;
                MPI.COMM_WORLD.recv(in, 1, MPI.INT, partner, tag);
                tally.recv++;
            } else {
                MPI.COMM_WORLD.recv(in, 1, MPI.INT, partner, tag);
                tally.recv++;
                MPI.COMM_WORLD.send(out, 1, MPI.INT, partner, tag);
                tally.send++;
            }
            if (in[0] != payload(partner, thread, i)) {
                return "thread " + thread + " exchange " + i + ": got " + in[0] + ", expected "
                        + payload(partner, thread, i);
            }
        }
        return null;
    }
}
