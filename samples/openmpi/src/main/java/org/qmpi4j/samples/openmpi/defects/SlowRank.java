package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;

/**
 * Not a defect: rank 1 computes for {@code args[0]} seconds (default 15) while rank 0 waits in a
 * receive, then sends. Slow, not deadlocked: {@code check} must report nothing.
 */
public final class SlowRank {
    private SlowRank() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 15;
        int rank = MPI.COMM_WORLD.getRank();
        long[] buf = new long[1];
        if (rank == 1) {
            long end = System.nanoTime() + (long) (seconds * 1e9);
            long x = 1;
            while (System.nanoTime() < end) {
                for (int i = 0; i < 1_000_000; i++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
            }
            buf[0] = x;
            MPI.COMM_WORLD.send(buf, 1, MPI.LONG, 0, 1);
        } else {
            MPI.COMM_WORLD.recv(buf, 1, MPI.LONG, 1, 1);
            System.out.println("rank 0 received after the slow rank's work");
        }
        MPI.Finalize();
    }
}
