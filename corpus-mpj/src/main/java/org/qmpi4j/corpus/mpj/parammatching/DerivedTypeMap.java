// corpus: category=parammatching ranks=2
// intent: rank 0 sends a contiguous type of 2 ints, rank 1 receives one double (same size, another type map)
// expect: type_mismatch lines 21,26
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 sends a contiguous type of 2 ints, rank 1 receives one double (same size, another type map). */
public final class DerivedTypeMap {
    private DerivedTypeMap() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        if (rank == 0) {
            Datatype pair = Datatype.Contiguous(2, MPI.INT);
            pair.Commit();
            int[] out = {1, 2};
            world.Send(out, 0, 1, pair, 1, 4); // ERROR
            pair.free();
        } else if (rank == 1) {
            double[] in = new double[1];
            try {
                world.Recv(in, 0, 1, MPI.DOUBLE, 0, 4); // ERROR
            } catch (Exception refused) {
                System.out.println("MPJ refused: " + refused);
            }
        }
        MPI.Finalize();
    }
}
