// corpus: category=resourceleak ranks=2
// intent: a duplicated communicator freed in a finally block
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a duplicated communicator freed in a finally block. */
public final class CommFreedInFinally {
    private CommFreedInFinally() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Comm copy = world.dup();
        try {
            copy.barrier();
        } finally {
            copy.free();
        }
        MPI.Finalize();
    }
}
