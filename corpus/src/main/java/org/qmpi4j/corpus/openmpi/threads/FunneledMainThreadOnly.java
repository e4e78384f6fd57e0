// corpus: category=threads ranks=2
// intent: at MPI_THREAD_FUNNELED workers compute and only the main thread calls MPI
// expect: none
package org.qmpi4j.corpus.openmpi.threads;

import java.nio.*;
import mpi.*;

/** Corpus program (threads): at MPI_THREAD_FUNNELED workers compute and only the main thread calls MPI. */
public final class FunneledMainThreadOnly {
    private FunneledMainThreadOnly() {}

    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_FUNNELED);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] sum = new int[1];
        Thread t = new Thread(() -> sum[0] = 21 * 2);
        t.start();
        t.join();
        int[] out = new int[1];
        world.allReduce(sum, out, 1, MPI.INT, MPI.SUM);
        MPI.Finalize();
    }
}
