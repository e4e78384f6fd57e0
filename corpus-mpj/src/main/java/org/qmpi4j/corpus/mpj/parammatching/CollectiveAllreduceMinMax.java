// corpus: category=parammatching ranks=2
// intent: rank 0 allreduces with MPI.MIN, the others with MPI.MAX (two predefined operations of MPJ's subclasses of Op)
// expect: collective_mismatch lines 19
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 allreduces with MPI.MIN, the others with MPI.MAX (two predefined operations of MPJ's subclasses of Op). */
public final class CollectiveAllreduceMinMax {
    private CollectiveAllreduceMinMax() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = {rank};
        int[] out = new int[1];
        world.Allreduce(in, 0, out, 0, 1, MPI.INT, rank == 0 ? MPI.MIN : MPI.MAX); // ERROR
        MPI.Finalize();
    }
}
