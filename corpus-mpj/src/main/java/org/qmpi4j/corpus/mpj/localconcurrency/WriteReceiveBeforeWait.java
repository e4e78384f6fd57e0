// corpus: category=localconcurrency ranks=2
// intent: rank 1 writes into its Irecv's buffer before waiting for it
// expect: buffer_written_early lines 21,22,23
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): rank 1 writes into its Irecv's buffer before waiting for it. */
public final class WriteReceiveBeforeWait {
    private WriteReceiveBeforeWait() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[2];
        if (rank == 0) {
            world.Send(new int[] {42, 43}, 0, 2, MPI.INT, 1, 0);
        } else if (rank == 1) {
            Request r = world.Irecv(buf, 0, 2, MPI.INT, 0, 0); // ERROR
            buf[1] = -1; // ERROR
            r.Wait(); // ERROR
            System.out.println("received " + buf[0] + " " + buf[1]);
        }
        MPI.Finalize();
    }
}
