// corpus: category=resourceleak ranks=2
// intent: a vector datatype made, committed and used in each of three iterations, never freed
// expect: object_leak lines 20
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a vector datatype made, committed and used in each of three iterations, never freed. */
public final class LeakedTypesInLoop {
    private LeakedTypesInLoop() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[8];
        for (int i = 0; i < 3; i++) {
            Datatype column = Datatype.createVector(2, 1, 4, MPI.INT); // ERROR
            column.commit();
            world.bcast(buf, 1, column, 0);
        }
        MPI.Finalize();
    }
}
