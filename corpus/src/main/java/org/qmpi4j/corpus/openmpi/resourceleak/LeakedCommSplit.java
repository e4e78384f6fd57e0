// corpus: category=resourceleak ranks=2
// intent: a split communicator is never freed
// expect: object_leak lines 18
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a split communicator is never freed. */
public final class LeakedCommSplit {
    private LeakedCommSplit() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Comm half = world.split(rank % 2, rank); // ERROR
        half.barrier();
        MPI.Finalize();
    }
}
