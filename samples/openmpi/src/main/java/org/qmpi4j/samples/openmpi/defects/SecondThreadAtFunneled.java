package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;

/**
 * MPI is initialized at {@code MPI_THREAD_FUNNELED}, so only the main thread may call it; each
 * rank nevertheless makes its barrier on a second thread (while the main thread waits for it, so
 * the calls never overlap, and the program works with most libraries in testing).
 */
public final class SecondThreadAtFunneled {
    private SecondThreadAtFunneled() {}

    public static void main(String[] args) throws Exception {
        int provided = MPI.InitThread(args, MPI.THREAD_FUNNELED);
        System.out.println("provided thread level " + provided);
        Thread worker = new Thread(SecondThreadAtFunneled::barrier, "worker");
        worker.start();
        worker.join();
        MPI.Finalize();
    }

    private static void barrier() {
        try {
            MPI.COMM_WORLD.barrier(); // CHECK:thread_level rank 0,1
        } catch (MPIException e) {
            throw new IllegalStateException(e);
        }
    }
}
