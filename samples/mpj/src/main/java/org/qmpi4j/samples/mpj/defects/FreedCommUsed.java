package org.qmpi4j.samples.mpj.defects;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 frees the communicator it split from {@code COMM_WORLD}, then asks it its size; rank 1
 * frees its own. MPJ Express' {@code Free()} is a no-op, so the size still comes back here; another
 * MPI library refuses (or crashes on) a freed communicator. (A collective on it instead, called by
 * rank 0 after its free and by rank 1 before, hangs under {@code check} on MPJ Express: see the
 * user guide's {@code object_used_after_free}.)
 */
public final class FreedCommUsed {
    private FreedCommUsed() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Intracomm copy = MPI.COMM_WORLD.Split(0, rank);
        copy.Barrier();
        if (rank == 0) {
            copy.Free(); // CHECK:object_used_after_free rank 0
            System.out.println("rank 0 still sees " + copy.Size() + " ranks"); // CHECK:object_used_after_free rank 0
        } else {
            copy.Free();
        }
        MPI.Finalize();
    }
}
