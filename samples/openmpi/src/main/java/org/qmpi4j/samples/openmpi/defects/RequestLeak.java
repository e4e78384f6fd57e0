package org.qmpi4j.samples.openmpi.defects;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Rank 0's nonblocking send is never completed nor freed; rank 1 receives the message, so the job ends normally. */
public final class RequestLeak {
    private RequestLeak() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer buf = MPI.newIntBuffer(4);
        if (rank == 0) {
            for (int i = 0; i < 4; i++) {
                buf.put(i, i);
            }
            Request leaked = MPI.COMM_WORLD.iSend(buf, 4, MPI.INT, 1, 5); // CHECK:request_leak rank 0
            System.out.println("rank 0 started request " + (leaked != null));
        } else {
            MPI.COMM_WORLD.recv(buf, 4, MPI.INT, 0, 5);
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
