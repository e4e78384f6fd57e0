package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;

/** Both ranks receive from each other first: neither receive can complete (a wait-for cycle 0 -> 1 -> 0). */
public final class RecvRecvDeadlock {
    private RecvRecvDeadlock() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int other = 1 - rank;
        int[] in = new int[4];
        int[] out = {rank, rank, rank, rank};
        MPI.COMM_WORLD.recv(in, 4, MPI.INT, other, 7); // CHECK:deadlock rank 0,1
        MPI.COMM_WORLD.send(out, 4, MPI.INT, other, 7);
        MPI.Finalize();
    }
}
