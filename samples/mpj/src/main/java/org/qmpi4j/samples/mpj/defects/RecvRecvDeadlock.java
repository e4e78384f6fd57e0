package org.qmpi4j.samples.mpj.defects;

import mpi.MPI;
import mpi.MPIException;

/** Both ranks receive from each other first: neither receive can complete. */
public final class RecvRecvDeadlock {
    private RecvRecvDeadlock() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int other = 1 - rank;
        int[] in = new int[4];
        int[] out = {rank, rank, rank, rank};
        MPI.COMM_WORLD.Recv(in, 0, 4, MPI.INT, other, 7); // CHECK:deadlock rank 0,1
        MPI.COMM_WORLD.Send(out, 0, 4, MPI.INT, other, 7);
        MPI.Finalize();
    }
}
