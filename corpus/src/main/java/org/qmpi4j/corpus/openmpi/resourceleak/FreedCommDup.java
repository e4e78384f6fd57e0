// corpus: category=resourceleak ranks=2
// intent: a duplicated communicator used and freed
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a duplicated communicator used and freed. */
public final class FreedCommDup {
    private FreedCommDup() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Comm copy = world.dup();
        copy.barrier();
        copy.free();
        MPI.Finalize();
    }
}
