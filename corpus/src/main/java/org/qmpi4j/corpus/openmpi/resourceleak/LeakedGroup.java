// corpus: category=resourceleak ranks=2
// intent: a group is never freed
// expect: object_leak lines 18
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a group is never freed. */
public final class LeakedGroup {
    private LeakedGroup() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Group g = world.getGroup(); // ERROR
        System.out.println(g.getSize());
        MPI.Finalize();
    }
}
