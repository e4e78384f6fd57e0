package org.qmpi4j.bench.heap;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Makes {@code calls} MPI calls from {@value #SITES} call sites (send, recv, getRank, barrier, in
 * turn; peers, tags and counts vary within small ranges, as in an application) against the fake
 * binding, and prints the heap in use after a full collection at {@code points + 1} evenly spaced
 * moments, the first after a warm-up. Run it under the agent with the tool list to examine: a tool
 * whose memory grows with the number of calls shows a rising line.
 *
 * <p>Usage: {@code HeapGrowth <calls> <points> <warm-up calls>}; prints
 * {@code QMPI4J-HEAP calls=<n> used=<bytes>} per point.
 */
public final class HeapGrowth {
    static final int SITES = 4;

    private HeapGrowth() {}

    public static void main(String[] args) throws MPIException {
        long calls = Long.parseLong(args[0]);
        int points = Integer.parseInt(args[1]);
        long warmup = Long.parseLong(args[2]);
        MPI.Init(args);
        Intracomm comm = MPI.COMM_WORLD;
        byte[] buffer = new byte[1024];
        long sink = calls(comm, buffer, 0, warmup);
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long done = 0;
        for (int p = 0; p <= points; p++) {
            long target = calls * p / points;
            sink += calls(comm, buffer, done, target - done);
            done = target;
            System.out.println("QMPI4J-HEAP calls=" + done + " used=" + usedAfterGc(memory));
        }
        MPI.Finalize();
        System.out.println("QMPI4J-HEAP done sink=" + sink);
    }

    /** {@code n} calls (rounded down to whole rounds over the call sites), numbered from {@code first}. */
    private static long calls(Intracomm comm, byte[] buffer, long first, long n) throws MPIException {
        long sink = 0;
        for (long i = first; i < first + n - SITES + 1; i += SITES) {
            int k = (int) (i / SITES);
            int count = (k & 7) << 7; // 0..896 bytes
            int peer = (k >>> 3) & 3;
            int tag = (k >>> 5) & 7;
            comm.send(buffer, count, MPI.BYTE, peer, tag);
            comm.recv(buffer, count, MPI.BYTE, peer, tag);
            sink += comm.getRank();
            comm.barrier();
        }
        return sink;
    }

    /** Heap in use after full collections, once it stops shrinking (at most a few tries). */
    private static long usedAfterGc(MemoryMXBean memory) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            long used = memory.getHeapMemoryUsage().getUsed();
            if (used >= best) {
                break;
            }
            best = used;
        }
        return best;
    }
}
