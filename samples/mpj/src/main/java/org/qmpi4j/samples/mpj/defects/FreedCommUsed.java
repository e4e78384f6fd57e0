package org.qmpi4j.samples.mpj.defects;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 frees the communicator it split from {@code COMM_WORLD}, then calls a barrier on it; rank
 * 1 calls the barrier first and frees its communicator after. MPJ Express' {@code Free()} is a
 * no-op, so the barrier still works here; another MPI library refuses (or crashes on) a freed
 * communicator.
 */
public final class FreedCommUsed {
    private FreedCommUsed() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Intracomm copy = MPI.COMM_WORLD.Split(0, rank);
        if (rank == 0) {
            copy.Free(); // CHECK:object_used_after_free rank 0
            copy.Barrier(); // CHECK:object_used_after_free rank 0
            System.out.println("rank 0 passed the barrier on its freed communicator");
        } else {
            copy.Barrier();
            copy.Free();
        }
        MPI.Finalize();
    }
}
