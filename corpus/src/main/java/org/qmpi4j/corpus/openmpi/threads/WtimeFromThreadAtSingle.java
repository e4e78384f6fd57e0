// corpus: category=threads ranks=2
// intent: at MPI_THREAD_SINGLE a second thread calls only MPI_Wtime, which any thread may call
// expect: none
package org.qmpi4j.corpus.openmpi.threads;

import java.nio.*;
import mpi.*;

/** Corpus program (threads): at MPI_THREAD_SINGLE a second thread calls only MPI_Wtime, which any thread may call. */
public final class WtimeFromThreadAtSingle {
    private WtimeFromThreadAtSingle() {}

    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_SINGLE);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        onThread(() -> System.out.println("time " + MPI.wtime()));
        world.barrier();
        MPI.Finalize();
    }

    private static void onThread(MpiAction action) throws InterruptedException {
        Thread t = new Thread(() -> {
            try {
                action.run();
            } catch (MPIException e) {
                throw new IllegalStateException(e);
            }
        });
        t.start();
        t.join();
    }

    private interface MpiAction {
        void run() throws MPIException;
    }
}
