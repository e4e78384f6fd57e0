// corpus: category=parammatching ranks=2
// intent: rank 0 sends a strided vector (a matrix column), rank 1 receives 4 contiguous ints: the same signature
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends a strided vector (a matrix column), rank 1 receives 4 contiguous ints: the same signature. */
public final class VectorIntoContiguous {
    private VectorIntoContiguous() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            IntBuffer matrix = MPI.newIntBuffer(16);
            Datatype column = Datatype.createVector(4, 1, 4, MPI.INT);
            column.commit();
            world.send(matrix, 1, column, 1, 4);
            column.free();
        } else if (rank == 1) {
            IntBuffer in = MPI.newIntBuffer(4);
            world.recv(in, 4, MPI.INT, 0, 4);
        }
        MPI.Finalize();
    }
}
