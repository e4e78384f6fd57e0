// corpus: category=resourceleak ranks=2
// intent: a committed datatype used and freed
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a committed datatype used and freed. */
public final class FreedDatatype {
    private FreedDatatype() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Datatype t = Datatype.createContiguous(2, MPI.INT);
        t.commit();
        int[] buf = new int[2];
        world.bcast(buf, 1, t, 0);
        t.free();
        MPI.Finalize();
    }
}
