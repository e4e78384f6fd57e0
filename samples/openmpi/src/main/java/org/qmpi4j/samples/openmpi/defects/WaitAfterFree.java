package org.qmpi4j.samples.openmpi.defects;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Rank 0 frees its nonblocking send's request while the send is active (allowed), then waits for
 * it as if it still could: the freed request is MPI_REQUEST_NULL, so the wait returns at once and
 * says nothing of the send, whose buffer rank 0 may then overwrite too early.
 */
public final class WaitAfterFree {
    private WaitAfterFree() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            buf.put(0, 42);
            Request r = MPI.COMM_WORLD.iSend(buf, 1, MPI.INT, 1, 17);
            r.free(); // CHECK:request_misuse rank 0
            r.waitFor(); // CHECK:request_misuse rank 0
        } else if (rank == 1) {
            MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, 17);
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
