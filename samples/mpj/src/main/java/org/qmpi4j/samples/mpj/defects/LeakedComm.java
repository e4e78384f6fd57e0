package org.qmpi4j.samples.mpj.defects;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 never frees the communicator it split from {@code COMM_WORLD}; rank 1 frees its own. MPJ
 * Express' {@code Free()} is a no-op, so the job ends normally either way, but the program would
 * keep a communicator until the job ends on another MPI library.
 */
public final class LeakedComm {
    private LeakedComm() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Intracomm copy = MPI.COMM_WORLD.Split(0, rank); // CHECK:object_leak rank 0
        copy.Barrier();
        if (rank != 0) {
            copy.Free();
        }
        MPI.Finalize();
    }
}
