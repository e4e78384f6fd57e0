// corpus: category=parammatching ranks=2
// intent: rank 0 sends int pairs spaced by a resized type, rank 1 receives them as a vector of 2 blocks of 2
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends int pairs spaced by a resized type, rank 1 receives them as a vector of 2 blocks of 2. */
public final class ResizedPairs {
    private ResizedPairs() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            IntBuffer out = MPI.newIntBuffer(8);
            Datatype pair = Datatype.createContiguous(2, MPI.INT);
            Datatype spaced = Datatype.createResized(pair, 0, 16);
            spaced.commit();
            world.send(out, 2, spaced, 1, 4);
            spaced.free();
            pair.free();
        } else if (rank == 1) {
            IntBuffer in = MPI.newIntBuffer(8);
            Datatype twoOfTwo = Datatype.createVector(2, 2, 3, MPI.INT);
            twoOfTwo.commit();
            world.recv(in, 1, twoOfTwo, 0, 4);
            twoOfTwo.free();
        }
        MPI.Finalize();
    }
}
