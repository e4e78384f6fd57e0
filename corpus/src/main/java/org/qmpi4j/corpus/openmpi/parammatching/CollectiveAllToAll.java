// corpus: category=parammatching ranks=3
// intent: every rank exchanges one int with each
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): every rank exchanges one int with each. */
public final class CollectiveAllToAll {
    private CollectiveAllToAll() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] in = new int[size];
        int[] out = new int[size];
        world.allToAll(in, 1, MPI.INT, out, 1, MPI.INT);
        MPI.Finalize();
    }
}
