package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;

/**
 * MPI is initialized at {@code MPI_THREAD_FUNNELED}, so only the main thread may call it; rank 0
 * nevertheless makes its barrier on a second thread (while the main thread waits for it, so the
 * calls never overlap, and the program works with most libraries in testing). The other ranks make
 * theirs on the main thread, as they may.
 */
public final class SecondThreadAtFunneled {
    private SecondThreadAtFunneled() {}

    public static void main(String[] args) throws Exception {
        int provided = MPI.InitThread(args, MPI.THREAD_FUNNELED);
        System.out.println("provided thread level " + provided);
        if (MPI.COMM_WORLD.getRank() == 0) {
            Thread worker = new Thread(SecondThreadAtFunneled::barrier, "worker");
            worker.start();
            worker.join();
        } else {
            MPI.COMM_WORLD.barrier();
        }
        MPI.Finalize();
    }

    private static void barrier() {
        try {
            MPI.COMM_WORLD.barrier(); // CHECK:thread_level rank 0
        } catch (MPIException e) {
            throw new IllegalStateException(e);
        }
    }
}
