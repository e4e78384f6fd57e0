// corpus: category=threads ranks=2
// intent: at MPI_THREAD_MULTIPLE rank 0 receives on two threads at once
// expect: none
package org.qmpi4j.corpus.openmpi.threads;

import java.nio.*;
import mpi.*;

/** Corpus program (threads): at MPI_THREAD_MULTIPLE rank 0 receives on two threads at once. */
public final class ThreadsAtMultiple {
    private ThreadsAtMultiple() {}

    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] a = new int[1];
        int[] b = new int[1];
        if (rank == 0) {
            Thread t = new Thread(() -> {
                try {
                    MPI.COMM_WORLD.recv(a, 1, MPI.INT, 1, 1);
                } catch (MPIException e) {
                    throw new IllegalStateException(e);
                }
            });
            t.start();
            world.recv(b, 1, MPI.INT, 1, 2);
            t.join();
        } else if (rank == 1) {
            world.send(b, 1, MPI.INT, 0, 2);
            world.send(a, 1, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
