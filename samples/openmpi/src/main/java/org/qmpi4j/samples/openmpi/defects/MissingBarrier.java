package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;

/** Rank 0 enters a barrier that rank 1 never reaches: rank 1 waits for a message rank 0 sends only after it. */
public final class MissingBarrier {
    private MissingBarrier() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] buf = new int[1];
        if (rank == 0) {
            MPI.COMM_WORLD.barrier(); // CHECK:deadlock rank 0
            MPI.COMM_WORLD.send(buf, 1, MPI.INT, 1, 3);
        } else {
            MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, 3); // CHECK:deadlock rank 1
            MPI.COMM_WORLD.barrier();
        }
        MPI.Finalize();
    }
}
