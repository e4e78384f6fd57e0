// corpus: category=resourceleak ranks=2
// intent: every rank makes a vector type, broadcasts with it and frees it
// expect: none
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): every rank makes a vector type, broadcasts with it and frees it. */
public final class DatatypeFreedAfterUse {
    private DatatypeFreedAfterUse() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Datatype column = Datatype.Vector(2, 1, 2, MPI.INT);
        column.Commit();
        int[] buf = new int[4];
        world.Bcast(buf, 0, 1, column, 0);
        column.free();
        MPI.Finalize();
    }
}
