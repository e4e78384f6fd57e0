// corpus: category=resourceleak ranks=2
// intent: of two groups only the whole one is freed, the subgroup made by incl is not
// expect: object_leak lines 19
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): of two groups only the whole one is freed, the subgroup made by incl is not. */
public final class LeakedGroupIncl {
    private LeakedGroupIncl() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Group all = world.getGroup();
        Group first = all.incl(new int[] {0}); // ERROR
        System.out.println(first.getSize());
        all.free();
        MPI.Finalize();
    }
}
