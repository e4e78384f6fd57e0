// corpus: category=resourceleak ranks=2
// intent: every rank makes and commits a vector type it never frees
// expect: object_leak lines 17
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): every rank makes and commits a vector type it never frees. */
public final class LeakedDatatype {
    private LeakedDatatype() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Datatype column = Datatype.Vector(2, 1, 2, MPI.INT); // ERROR
        column.Commit();
        int[] buf = new int[4];
        world.Bcast(buf, 0, 1, column, 0);
        MPI.Finalize();
    }
}
