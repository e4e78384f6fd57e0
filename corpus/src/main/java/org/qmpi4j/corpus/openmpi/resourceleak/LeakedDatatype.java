// corpus: category=resourceleak ranks=2
// intent: a committed datatype is never freed
// expect: object_leak lines 18
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a committed datatype is never freed. */
public final class LeakedDatatype {
    private LeakedDatatype() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Datatype t = Datatype.createContiguous(3, MPI.INT); // ERROR
        t.commit();
        MPI.Finalize();
    }
}
