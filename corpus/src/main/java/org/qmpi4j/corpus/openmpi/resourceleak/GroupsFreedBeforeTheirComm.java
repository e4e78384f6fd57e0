// corpus: category=resourceleak ranks=2
// intent: a communicator made from a subgroup; both groups freed at once, the communicator after its use
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a communicator made from a subgroup; both groups freed at once, the communicator after its use. */
public final class GroupsFreedBeforeTheirComm {
    private GroupsFreedBeforeTheirComm() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Group all = world.getGroup();
        Group pair = all.incl(new int[] {1, 0});
        Intracomm swapped = world.create(pair);
        pair.free();
        all.free();
        swapped.barrier();
        swapped.free();
        MPI.Finalize();
    }
}
