// corpus: category=threads ranks=2
// intent: rank 0 sends from a second thread at MPI_THREAD_FUNNELED
// expect: thread_level lines 20
package org.qmpi4j.corpus.openmpi.threads;

import java.nio.*;
import mpi.*;

/** Corpus program (threads): rank 0 sends from a second thread at MPI_THREAD_FUNNELED. */
public final class SendOnThreadAtFunneled {
    private SendOnThreadAtFunneled() {}

    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_FUNNELED);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {1};
        if (rank == 0) {
            onThread(() -> MPI.COMM_WORLD.send(buf, 1, MPI.INT, 1, 0)); // ERROR
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0);
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
