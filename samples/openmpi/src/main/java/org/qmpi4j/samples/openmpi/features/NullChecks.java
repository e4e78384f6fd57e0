package org.qmpi4j.samples.openmpi.features;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import mpi.MPI;
import org.qmpi4j.samples.SampleReport;

/**
 * Null pointers caught in compiled code, in several threads, right after {@code MPI_Init_thread}:
 * what every Java program does now and then, and what HotSpot handles through SIGSEGV (an implicit
 * null check in JIT-compiled code faults, and the JVM's signal handler turns the fault into a
 * {@code NullPointerException}). A JVM whose SIGSEGV handler something else replaced prints another
 * library's "Caught signal 11" or dies here. Each of {@value #THREADS} threads first calls
 * {@link #length} often enough with strings for the JIT to compile it, then {@code nulls} times
 * with {@code null}, counting the exceptions; the counts are checked and summed with an allreduce.
 *
 * <p>Usage: {@code NullChecks [nulls]} (default 1000).
 */
public final class NullChecks {
    static final int THREADS = 4;
    private static final int WARM_UP_CALLS = 300_000;

    private NullChecks() {}

    public static void main(String[] args) throws Exception {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("null-checks");
        MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        report.call("MPI_INIT_THREAD");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int nulls = args.length > 0 ? Integer.parseInt(args[0]) : 1000;

        AtomicLong caught = new AtomicLong();
        AtomicLong lengths = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Thread th = new Thread(() -> caught.addAndGet(run(nulls, lengths)), "null-checks-" + t);
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }
        long[] total = {caught.get()};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.LONG, MPI.SUM);
        report.call("MPI_ALLREDUCE");
        report.call("MPI_FINALIZE");
        MPI.Finalize();

        long expected = (long) THREADS * nulls;
        boolean ok = caught.get() == expected && total[0] == expected * size;
        String detail = caught.get() + " null pointers caught on this rank, " + total[0] + " in all (expected "
                + expected + " per rank)";
        int status = report.print(System.out, ok, detail);
        if (status != 0) {
            System.exit(status);
        }
    }

    /** Warms {@link #length} up, then calls it with {@code null}; returns the exceptions caught. */
    private static long run(int nulls, AtomicLong lengths) {
        String[] words = {"a", "bb", "ccc"};
        long sum = 0;
        for (int i = 0; i < WARM_UP_CALLS; i++) {
            sum += length(words[i % words.length]);
        }
        long caught = 0;
        for (int i = 0; i < nulls; i++) {
            try {
                sum += length(null);
            } catch (NullPointerException expected) {
                caught++;
            }
        }
        lengths.addAndGet(sum);
        return caught;
    }

    /** Compiled with an implicit null check: a {@code null} faults, and the JVM makes it an exception. */
    static int length(String s) {
        return s.length();
    }
}
