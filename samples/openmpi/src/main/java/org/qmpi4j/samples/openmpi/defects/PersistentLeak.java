package org.qmpi4j.samples.openmpi.defects;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;

/**
 * Rank 0 sends 3 rounds through one persistent send ({@code sendInit}, {@code start},
 * {@code waitFor}) and never frees it; rank 1 receives them through a persistent receive it frees.
 */
public final class PersistentLeak {
    private static final int ROUNDS = 3;

    private PersistentLeak() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer buffer = MPI.newIntBuffer(1);
        if (rank == 0) {
            Prequest send = MPI.COMM_WORLD.sendInit(buffer, 1, MPI.INT, 1, 9); // CHECK:request_leak rank 0
            for (int i = 0; i < ROUNDS; i++) {
                buffer.put(0, i);
                send.start();
                send.waitFor();
            }
        } else {
            Prequest receive = MPI.COMM_WORLD.recvInit(buffer, 1, MPI.INT, 0, 9);
            for (int i = 0; i < ROUNDS; i++) {
                receive.start();
                receive.waitFor();
            }
            receive.free();
        }
        MPI.Finalize();
    }
}
