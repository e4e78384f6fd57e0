// corpus: category=parammatching ranks=2
// intent: rank 0 sends one contiguous type of 4 ints, rank 1 receives 4 ints: the same type signature
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 sends one contiguous type of 4 ints, rank 1 receives 4 ints: the same type signature. */
public final class DerivedTypeSameSignature {
    private DerivedTypeSameSignature() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[4];
        if (rank == 0) {
            Datatype four = Datatype.Contiguous(4, MPI.INT);
            four.Commit();
            world.Send(buf, 0, 1, four, 1, 4);
            four.free();
        } else if (rank == 1) {
            world.Recv(buf, 0, 4, MPI.INT, 0, 4);
        }
        MPI.Finalize();
    }
}
