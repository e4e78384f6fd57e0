// corpus: category=threads ranks=2
// intent: at MPI_THREAD_SERIALIZED a second thread calls MPI while the main thread waits in join
// expect: none
package org.qmpi4j.corpus.openmpi.threads;

import java.nio.*;
import mpi.*;

/** Corpus program (threads): at MPI_THREAD_SERIALIZED a second thread calls MPI while the main thread waits in join. */
public final class SerializedTakingTurns {
    private SerializedTakingTurns() {}

    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_SERIALIZED);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            onThread(() -> MPI.COMM_WORLD.barrier());
        } else {
            world.barrier();
        }
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
