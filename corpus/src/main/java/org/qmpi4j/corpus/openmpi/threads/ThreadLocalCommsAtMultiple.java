// corpus: category=threads ranks=2
// intent: at MPI_THREAD_MULTIPLE two threads each use their own duplicate of the world
// expect: none
package org.qmpi4j.corpus.openmpi.threads;

import java.nio.*;
import mpi.*;

/** Corpus program (threads): at MPI_THREAD_MULTIPLE two threads each use their own duplicate of the world. */
public final class ThreadLocalCommsAtMultiple {
    private ThreadLocalCommsAtMultiple() {}

    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Comm c1 = world.dup();
        Comm c2 = world.dup();
        Thread t = new Thread(() -> {
            try {
                c1.barrier();
            } catch (MPIException e) {
                throw new IllegalStateException(e);
            }
        });
        t.start();
        c2.barrier();
        t.join();
        c1.free();
        c2.free();
        MPI.Finalize();
    }
}
