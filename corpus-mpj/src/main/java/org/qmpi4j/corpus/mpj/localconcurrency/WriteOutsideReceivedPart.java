// corpus: category=localconcurrency ranks=2
// intent: rank 1 writes the half of an array its pending Irecv does not receive into
// expect: none
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): rank 1 writes the half of an array its pending Irecv does not receive into. */
public final class WriteOutsideReceivedPart {
    private WriteOutsideReceivedPart() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[4];
        if (rank == 0) {
            world.Send(new int[] {42, 43}, 0, 2, MPI.INT, 1, 0);
        } else if (rank == 1) {
            Request r = world.Irecv(buf, 2, 2, MPI.INT, 0, 0);
            buf[0] = 1;
            buf[1] = 2;
            r.Wait();
            System.out.println("received " + buf[2] + " " + buf[3] + " beside " + buf[0] + " " + buf[1]);
        }
        MPI.Finalize();
    }
}
