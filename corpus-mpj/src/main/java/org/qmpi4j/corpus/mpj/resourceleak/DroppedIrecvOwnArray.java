// corpus: category=resourceleak ranks=2
// intent: rank 1 drops the request of a receive into an array held nowhere else
// expect: request_leak lines 20
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): rank 1 drops the request of a receive into an array held nowhere else. */
public final class DroppedIrecvOwnArray {
    private DroppedIrecvOwnArray() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        if (rank == 0) {
            world.Send(new int[] {7}, 0, 1, MPI.INT, 1, 0);
        } else if (rank == 1) {
            world.Irecv(new int[1], 0, 1, MPI.INT, 0, 0); // ERROR
        }
        world.Barrier();
        MPI.Finalize();
    }
}
