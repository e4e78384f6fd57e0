package org.qmpi4j.samples.openmpi.defects;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Rank 0 writes into a nonblocking send's buffer before waiting for the send. */
public final class BufferModified {
    private BufferModified() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer buf = MPI.newIntBuffer(8);
        if (rank == 0) {
            for (int i = 0; i < 8; i++) {
                buf.put(i, i);
            }
            Request send = MPI.COMM_WORLD.iSend(buf, 8, MPI.INT, 1, 9); // CHECK:buffer_modified rank 0
            buf.put(3, -1); // the defect: the send may still be reading the buffer
            send.waitFor(); // CHECK:buffer_modified rank 0
        } else {
            MPI.COMM_WORLD.recv(buf, 8, MPI.INT, 0, 9);
        }
        MPI.Finalize();
    }
}
