package org.qmpi4j.samples.openmpi.defects;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Rank 1 frees a nonblocking receive's request before it completed, then waits for the data with
 * a barrier: it works here only because the message is sent before the barrier, and nothing tells
 * rank 1 that the data arrived.
 */
public final class FreedReceive {
    private FreedReceive() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 1) {
            Request r = MPI.COMM_WORLD.iRecv(buf, 1, MPI.INT, 0, 17); // CHECK:active_request_freed rank 1
            r.free(); // CHECK:active_request_freed rank 1
            MPI.COMM_WORLD.barrier();
        } else {
            buf.put(0, 42);
            MPI.COMM_WORLD.send(buf, 1, MPI.INT, 1, 17);
            MPI.COMM_WORLD.barrier();
        }
        MPI.Finalize();
    }
}
