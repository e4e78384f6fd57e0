package org.qmpi4j.samples.openmpi.defects;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 posts a receive from each other rank in a loop and never completes any of them; the
 * others send, so the job ends normally. One mistake in the code at one line: the checker names it
 * once, with every peer.
 */
public final class LeakedReceives {
    private LeakedReceives() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (rank == 0) {
            // one buffer the program holds to the end, a slice of it per peer: each request is only a
            // leak (a buffer dropped with its request would be an unreachable_buffer instead)
            IntBuffer buf = MPI.newIntBuffer(size);
            for (int from = 1; from < size; from++) {
                MPI.COMM_WORLD.iRecv(MPI.slice(buf, from), 1, MPI.INT, from, 9); // CHECK:request_leak rank 0
            }
        } else {
            IntBuffer buf = MPI.newIntBuffer(1);
            buf.put(0, rank);
            MPI.COMM_WORLD.send(buf, 1, MPI.INT, 0, 9);
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
