// corpus: category=resourceleak ranks=2
// intent: rank 1 splits with MPI.UNDEFINED, gets MPI_COMM_NULL and does not free it
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): rank 1 splits with MPI.UNDEFINED, gets MPI_COMM_NULL and does not free it. */
public final class SplitUndefinedNotFreed {
    private SplitUndefinedNotFreed() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Intracomm part = world.split(rank == 0 ? 0 : MPI.UNDEFINED, rank);
        if (!part.isNull()) {
            part.barrier();
            part.free();
        }
        MPI.Finalize();
    }
}
