// corpus: category=messagerace ranks=3
// intent: rank 0 receives from MPI_ANY_SOURCE with a tag only one sender uses
// expect: none
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 receives from MPI_ANY_SOURCE with a tag only one sender uses. */
public final class WildcardDistinctTags {
    private WildcardDistinctTags() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        if (rank == 0) {
            world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 2);
            world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 1);
        } else {
            world.send(buf, 1, MPI.INT, 0, rank);
        }
        MPI.Finalize();
    }
}
