package org.qmpi4j.samples.openmpi.waits;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * Waits the JVM causes: rank 0 holds a large live set and calls {@code System.gc()} a known
 * number of times, each before a barrier, and rank 1 sleeps about as long before each barrier in
 * between (in turns, so each is the late rank of its own barriers); further ranks go straight to
 * them and wait. Before {@code MPI_Finalize} each rank prints
 * what its JVM's own accounting (the garbage-collector beans) says, one line
 * {@code QMPI4J-JVM rank=R collections=N collection_ms=T full=F full_ms=U live=L start_collections=S
 * start_collection_ms=V} (all collections, and G1's full ones, since the JVM started; the size of
 * the live set; all collections as the beans counted them when {@code MPI_Init} had returned),
 * for a tool's figures to be compared with.
 *
 * <p>Usage: {@code GcPauses [collections [live-megabytes [sleep-ms]]]} (default 5, 64, 100).
 */
public final class GcPauses {
    /** The prefix of the line with the JVM's own totals. */
    public static final String JVM_PREFIX = "QMPI4J-JVM";

    private GcPauses() {}

    public static void main(String[] args) throws MPIException, InterruptedException {
        SampleReport report = new SampleReport("gcpauses");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        long[] start = collections();
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
        MPI.COMM_WORLD.barrier(); // SITE:start
        report.call("MPI_BARRIER");
        // In turns: rank 0 collects before one barrier, rank 1 sleeps before the next, so that
        // each is the late rank of its own barriers.
        for (int i = 0; i < 2 * collections; i++) {
            if (rank == 0 && i % 2 == 0) {
                System.gc();
            } else if (rank == 1 && i % 2 == 1) {
                Thread.sleep(sleepMs);
            }
            MPI.COMM_WORLD.barrier(); // SITE:after-collection
            report.call("MPI_BARRIER");
        }
        long[] end = collections();
        System.out.println(JVM_PREFIX + " rank=" + rank + " collections=" + end[0] + " collection_ms=" + end[1]
                + " full=" + end[2] + " full_ms=" + end[3] + " live=" + live.size() + " start_collections="
                + start[0] + " start_collection_ms=" + start[1]);
        MPI.Finalize();
        report.call("MPI_FINALIZE");
        int status = report.print(System.out, true, collections + " collections on rank 0");
        if (status != 0) {
            System.exit(status);
        }
    }

    /** {all collections, their milliseconds, G1's full collections, theirs} as the beans count them now. */
    private static long[] collections() {
        long[] c = new long[4];
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            c[0] += gc.getCollectionCount();
            c[1] += gc.getCollectionTime();
            if (gc.getName().endsWith("Old Generation")) { // G1's full collections
                c[2] += gc.getCollectionCount();
                c[3] += gc.getCollectionTime();
            }
        }
        return c;
    }
}
