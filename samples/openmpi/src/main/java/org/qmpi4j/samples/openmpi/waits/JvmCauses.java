package org.qmpi4j.samples.openmpi.waits;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * Waits whose cause is what the JVM or the operating system did to one rank, made by construction:
 * rank 0 is the late rank of the even barriers for a reason of the chosen {@code kind}, rank 1
 * sleeps before the odd ones (the contrast: waiting it causes is the application's), and further
 * ranks go straight to every barrier and wait. The kinds:
 *
 * <ul>
 *   <li>{@code alloc}: rank 0 allocates {@code amount} MB per turn in 1 KB arrays and keeps the
 *       last 16 MB of them alive, so that a small heap ({@code -Xmx48m}) stops it often for
 *       collections that copy or compact much (their cause: allocation failure);
 *   <li>{@code classes}: rank 0 defines and initialises {@code amount} classes it generates, all in
 *       its first turn (a program's start-up work done in its first iteration);
 *   <li>{@code pinned}: rank 0 binds all its threads to one CPU with {@code taskset} and starts three
 *       busy processes on the same CPU, then computes a fixed amount ({@code amount} million steps)
 *       per turn: it gets about a quarter of the CPU, and is runnable but not running the rest.
 * </ul>
 *
 * Before {@code MPI_Finalize} each rank prints what its JVM's own accounting says, one line
 * {@code QMPI4J-JVM rank=R pause_ms=T collections=N turns_pause_ms=U turns_ms=W classes=C descheduled_us=D slices=S}:
 * the pausing collectors' total time and count (the garbage-collector beans, concurrent cycles
 * left out), the part of it in rank 0's turns, those turns' wall time, the classes loaded, and
 * what the operating system says of the rank's windows (each stretch from the return of one of
 * the loop's barriers to the call of the next: rank 0's turns, rank 1's sleeps, and the stretches
 * in which the rank went straight to the barrier): the time its thread was runnable but not
 * running there ({@code /proc} schedstat), which a loaded machine makes more than 0 on any rank, and
 * the times it was switched in to run there (each after a wait, if any, for a CPU).
 *
 * <p>Usage: {@code JvmCauses kind [turns [amount [sleep-ms]]]} (defaults 5, then 256 MB, 10000
 * classes or 60 million steps, then 150 ms).
 */
public final class JvmCauses {
    /** The prefix of the line with the JVM's own totals. */
    public static final String JVM_PREFIX = "QMPI4J-JVM";

    private static final int KEEP = 16 * 1024;

    private JvmCauses() {}

    public static void main(String[] args) throws MPIException, InterruptedException, IOException {
        SampleReport report = new SampleReport("jvmcauses");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        String kind = args.length > 0 ? args[0] : "alloc";
        int turns = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        long amount = args.length > 2
                ? Long.parseLong(args[2])
                : kind.equals("alloc") ? 256 : kind.equals("classes") ? 10_000 : 60;
        long sleepMs = args.length > 3 ? Long.parseLong(args[3]) : 150;
        Process[] busy = rank == 0 && kind.equals("pinned") ? CpuSharing.pinWithBusyProcesses() : new Process[0];
        byte[][] keep = new byte[KEEP][];
        long sink = 0;
        long turnsNs = 0;
        long turnsPauseMs = 0;
        long windowsDescheduledNs = 0;
        long windowsSlices = 0;
        CpuSharing.ThreadSchedstat schedstat = new CpuSharing.ThreadSchedstat();
        long[] returned = new long[2];
        long[] calling = new long[2];
        MPI.COMM_WORLD.barrier();
        schedstat.read(returned);
        report.call("MPI_BARRIER");
        for (int i = 0; i < 2 * turns; i++) {
            if (rank == 0 && i % 2 == 0) {
                long pause = pauseMs();
                long start = System.nanoTime();
                if (kind.equals("alloc")) {
                    sink += allocate(keep, amount << 20);
                } else if (kind.equals("classes")) {
                    if (i == 0) {
                        sink += GeneratedClasses.defineAndInitialise((int) amount);
                    }
                } else if (kind.equals("pinned")) {
                    sink += compute(amount * 1_000_000);
                } else {
                    throw new IllegalArgumentException("kind " + kind + ": alloc, classes or pinned");
                }
                turnsNs += System.nanoTime() - start;
                turnsPauseMs += pauseMs() - pause;
            } else if (rank == 1 && i % 2 == 1) {
                Thread.sleep(sleepMs);
            }
            schedstat.read(calling);
            windowsDescheduledNs += calling[0] - returned[0];
            windowsSlices += calling[1] - returned[1];
            MPI.COMM_WORLD.barrier(); // SITE:turn
            schedstat.read(returned);
            report.call("MPI_BARRIER");
        }
        schedstat.close();
        for (Process p : busy) {
            p.destroy(); // SIGTERM, which timeout passes on to the busy loop (SIGKILL would leave that running)
            p.waitFor();
        }
        long collections = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!gc.getName().contains("Concurrent")) {
                collections += gc.getCollectionCount();
            }
        }
        System.out.println(JVM_PREFIX + " rank=" + rank + " pause_ms=" + pauseMs() + " collections=" + collections
                + " turns_pause_ms=" + turnsPauseMs + " turns_ms=" + turnsNs / 1_000_000 + " classes="
                + ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount() + " descheduled_us="
                + windowsDescheduledNs / 1000 + " slices=" + windowsSlices + " sink=" + (sink & 1));
        MPI.Finalize();
        report.call("MPI_FINALIZE");
        int status = report.print(System.out, true, kind + ", " + turns + " turns of rank 0");
        if (status != 0) {
            System.exit(status);
        }
    }

    /** The pausing collectors' time so far (G1's and ZGC's concurrent cycles are no pause). */
    private static long pauseMs() {
        long ms = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!gc.getName().contains("Concurrent") && !gc.getName().contains("Cycles")) {
                ms += gc.getCollectionTime();
            }
        }
        return ms;
    }

    /** Allocates {@code bytes} in 1 KB arrays, each kept alive until {@link #KEEP} newer ones replace it. */
    private static long allocate(byte[][] keep, long bytes) {
        long sum = 0;
        int k = 0;
        for (long b = 0; b < bytes; b += 1024) {
            byte[] a = new byte[1024 - 16];
            a[k & 511] = (byte) k;
            keep[k++ % KEEP] = a;
            sum += a.length;
        }
        return sum;
    }

    /** A fixed amount of arithmetic the JIT cannot remove. */
    private static long compute(long steps) {
        long x = 1;
        for (long s = 0; s < steps; s++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }
}
