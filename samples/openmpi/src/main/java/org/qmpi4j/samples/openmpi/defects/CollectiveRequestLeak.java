package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Both ranks start a nonblocking barrier; rank 1 waits for it, rank 0 never does. */
public final class CollectiveRequestLeak {
    private CollectiveRequestLeak() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            MPI.COMM_WORLD.iBarrier(); // CHECK:request_leak rank 0
            MPI.COMM_WORLD.barrier(); // rank 1 has left its barrier: the first one is complete
        } else {
            Request barrier = MPI.COMM_WORLD.iBarrier();
            barrier.waitFor();
            MPI.COMM_WORLD.barrier();
        }
        MPI.Finalize();
    }
}
