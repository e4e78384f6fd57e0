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
 * {@code QMPI4J-JVM rank=R collections=N collection_ms=T full=F full_ms=U} (all collections, and
 * G1's full ones), for a tool's figures to be compared with.
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
        System.out.println(JVM_PREFIX + " rank=" + rank + " collections=" + count + " collection_ms=" + ms + " full="
                + full + " full_ms=" + fullMs + " live=" + live.size());
        MPI.Finalize();
        report.call("MPI_FINALIZE");
        int status = report.print(System.out, true, collections + " collections on rank 0");
        if (status != 0) {
            System.exit(status);
        }
    }
}
