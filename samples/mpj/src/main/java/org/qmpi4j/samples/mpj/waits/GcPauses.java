package org.qmpi4j.samples.mpj.waits;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * The Open MPI sample {@code waits.GcPauses} in the mpiJava 1.2 API of MPJ Express: rank 0 holds a
 * large live set and calls {@code System.gc()} before every other barrier, rank 1 sleeps about as
 * long before the barriers in between, further ranks go straight to them and wait. In MPJ's
 * multicore mode the ranks are threads of one JVM, so each of rank 0's collections stops every
 * rank at once (those already waiting at the barrier). Before {@code MPI_Finalize} each rank
 * prints what its JVM's beans say, one line
 * {@code QMPI4J-JVM rank=R collections=N collection_ms=T full=F full_ms=U pid=P live=L gc_at=G barrier_at=B}
 * (all collections, then G1's full ones, then the process, which tells the ranks that share a JVM;
 * then, on {@code System.nanoTime()}'s clock, which is the machine's on Linux: {@code G}, rank 0's
 * {@code System.gc()} calls, each as {@code start:end}, comma-separated, empty on other ranks, and
 * {@code B} the rank's calls of the barriers after them, each as {@code call:return}). From these
 * the time each rank spent in a barrier while rank 0 collected can be told: the waiting the
 * collections caused, as the program saw it.
 *
 * <p>Usage: {@code GcPauses [collections [live-megabytes [sleep-ms]]]} (default 5, 64, 100).
 */
public final class GcPauses {
    private GcPauses() {}

    public static void main(String[] args) throws MPIException, InterruptedException {
        SampleReport report = new SampleReport("gcpauses");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.Rank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int collections = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int liveMegabytes = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        long sleepMs = args.length > 2 ? Long.parseLong(args[2]) : 100;
        // Many small objects: marking them is what makes a full collection take its time.
        List<byte[]> live = new ArrayList<>();
        if (rank == 0) {
            for (long b = 0; b < liveMegabytes * (1L << 20); b += 256) {
                live.add(new byte[256 - 16]);
            }
        }
        MPI.COMM_WORLD.Barrier();
        report.call("MPI_BARRIER");
        long[] gcAt = new long[rank == 0 ? 2 * collections : 0];
        long[] barrierAt = new long[2 * collections];
        for (int i = 0; i < 2 * collections; i++) {
            if (rank == 0 && i % 2 == 0) {
                gcAt[i] = System.nanoTime();
                System.gc();
                gcAt[i + 1] = System.nanoTime();
            } else if (rank == 1 && i % 2 == 1) {
                Thread.sleep(sleepMs);
            }
            long called = System.nanoTime();
            MPI.COMM_WORLD.Barrier(); // SITE:after-collection
            if (i % 2 == 0) {
                barrierAt[i] = called;
                barrierAt[i + 1] = System.nanoTime();
            }
            report.call("MPI_BARRIER");
        }
        long count = 0;
        long ms = 0;
        long full = 0;
        long fullMs = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += gc.getCollectionCount();
            ms += gc.getCollectionTime();
            if (gc.getName().endsWith("Old Generation")) { // G1's full collections
                full += gc.getCollectionCount();
                fullMs += gc.getCollectionTime();
            }
        }
        System.out.println("QMPI4J-JVM rank=" + rank + " collections=" + count + " collection_ms=" + ms + " full="
                + full + " full_ms=" + fullMs + " pid="
                + ProcessHandle.current().pid() + " live=" + live.size() + " gc_at=" + spans(gcAt) + " barrier_at="
                + spans(barrierAt));
        MPI.Finalize();
        report.call("MPI_FINALIZE");
        int status = report.print(System.out, true, collections + " collections on rank 0");
        if (status != 0) {
            System.exit(status);
        }
    }

    /** {@code at}'s pairs as {@code a:b,c:d,...}. */
    private static String spans(long[] at) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i + 1 < at.length; i += 2) {
            s.append(i == 0 ? "" : ",").append(at[i]).append(':').append(at[i + 1]);
        }
        return s.toString();
    }
}
