package org.qmpi4j.samples.mpj.defects;

import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 asks its rank after {@code MPI.Finalize}: only the clock, the version and whether MPI is
 * initialized or finalized may be asked then. MPJ Express answers from a field, so the job ends
 * normally; another MPI library may fail the call or the job.
 */
public final class CallAfterFinalize {
    private CallAfterFinalize() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
        if (rank == 0) {
            System.out.println("rank after finalize " + MPI.COMM_WORLD.Rank()); // CHECK:call_after_finalize rank 0
            System.out.println("clock after finalize " + (MPI.Wtime() > 0));
        }
    }
}
