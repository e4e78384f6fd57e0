package org.qmpi4j.samples.mpj.defects;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Rank 0's nonblocking send is never completed nor freed; rank 1 receives the message, so the job ends normally. */
public final class RequestLeak {
    private RequestLeak() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int[] buf = {0, 1, 2, 3};
        if (rank == 0) {
            Request leaked = MPI.COMM_WORLD.Isend(buf, 0, 4, MPI.INT, 1, 5); // CHECK:request_leak rank 0
            System.out.println("rank 0 started request " + (leaked != null));
        } else {
            MPI.COMM_WORLD.Recv(buf, 0, 4, MPI.INT, 0, 5);
        }
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
    }
}
