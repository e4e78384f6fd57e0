// corpus: category=parammatching ranks=2
// intent: rank 0 sends a contiguous type of 2 ints, rank 1 receives one double (same size, another type map)
// expect: type_mismatch lines 22,26
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends a contiguous type of 2 ints, rank 1 receives one double (same size, another type map). */
public final class DerivedTypeMap {
    private DerivedTypeMap() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            Datatype pair = Datatype.createContiguous(2, MPI.INT);
            pair.commit();
            int[] out = {1, 2};
            world.send(out, 1, pair, 1, 4); // ERROR
            pair.free();
        } else if (rank == 1) {
            double[] in = new double[1];
            world.recv(in, 1, MPI.DOUBLE, 0, 4); // ERROR
        }
        MPI.Finalize();
    }
}
