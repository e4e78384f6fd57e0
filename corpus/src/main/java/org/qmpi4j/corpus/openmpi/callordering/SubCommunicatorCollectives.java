// corpus: category=callordering ranks=4
// intent: each half of a split communicator runs its own allreduce
// expect: none
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): each half of a split communicator runs its own allreduce. */
public final class SubCommunicatorCollectives {
    private SubCommunicatorCollectives() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Intracomm half = world.split(rank % 2, rank);
        int[] in = {rank};
        int[] out = new int[1];
        half.allReduce(in, out, 1, MPI.INT, MPI.SUM);
        half.free();
        MPI.Finalize();
    }
}
