package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;

/**
 * Ranks 0 and 1 each receive from the other first, and wait for good; the other ranks work for
 * {@code args[0]} seconds (default 120) before they reach {@code MPI_Finalize}. A deadlock of two
 * ranks while the rest of the job goes on. Needs 3 ranks or more.
 */
public final class PartialDeadlock {
    private PartialDeadlock() {}

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 120;
        int rank = MPI.COMM_WORLD.getRank();
        int[] buf = new int[1];
        if (rank == 0) {
            MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 1, 7); // CHECK:deadlock rank 0
            MPI.COMM_WORLD.send(buf, 1, MPI.INT, 1, 7);
        } else if (rank == 1) {
            MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, 7); // CHECK:deadlock rank 1
            MPI.COMM_WORLD.send(buf, 1, MPI.INT, 0, 7);
        } else {
            Thread.sleep((long) (seconds * 1000));
        }
        MPI.Finalize();
    }
}
