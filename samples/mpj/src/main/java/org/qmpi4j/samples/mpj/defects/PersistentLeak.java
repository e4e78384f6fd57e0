package org.qmpi4j.samples.mpj.defects;

import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;

/**
 * Rank 0 sends 3 rounds through one persistent send ({@code Send_init}, {@code Start},
 * {@code Wait}) and starts a fourth it never completes; rank 1 receives all four through a
 * persistent receive, each completed. MPJ Express' mpiJava 1.2 API cannot free a request (no
 * {@code Request.Free}), so neither request is freed: only rank 0's, active at {@code MPI.Finalize},
 * is a leak. Rank 1 has received the fourth message, so the job ends normally.
 */
public final class PersistentLeak {
    private static final int ROUNDS = 3;

    private PersistentLeak() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int[] buffer = new int[1];
        if (rank == 0) {
            Prequest send = MPI.COMM_WORLD.Send_init(buffer, 0, 1, MPI.INT, 1, 9); // CHECK:request_leak rank 0
            for (int i = 0; i < ROUNDS; i++) {
                buffer[0] = i;
                send.Start();
                send.Wait();
            }
            buffer[0] = ROUNDS;
            send.Start();
        } else {
            Prequest receive = MPI.COMM_WORLD.Recv_init(buffer, 0, 1, MPI.INT, 0, 9);
            for (int i = 0; i <= ROUNDS; i++) {
                receive.Start();
                receive.Wait();
            }
            System.out.println("rank 1 received " + buffer[0]);
        }
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
    }
}
