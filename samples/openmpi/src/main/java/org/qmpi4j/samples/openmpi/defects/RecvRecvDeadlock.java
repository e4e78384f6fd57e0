package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;

/**
 * Every rank receives from its predecessor in a ring before sending to its successor: no receive
 * can complete (with 2 ranks both receive from each other: the wait-for cycle 0 -> 1 -> 0; with n,
 * 0 -> n-1 -> ... -> 1 -> 0).
 */
public final class RecvRecvDeadlock {
    private RecvRecvDeadlock() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] in = new int[4];
        int[] out = {rank, rank, rank, rank};
        MPI.COMM_WORLD.recv(in, 4, MPI.INT, (rank + size - 1) % size, 7); // CHECK:deadlock rank 0,1
        MPI.COMM_WORLD.send(out, 4, MPI.INT, (rank + 1) % size, 7);
        MPI.Finalize();
    }
}
