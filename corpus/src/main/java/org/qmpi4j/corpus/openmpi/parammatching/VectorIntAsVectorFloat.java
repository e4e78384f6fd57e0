// corpus: category=parammatching ranks=2
// intent: rank 0 sends a vector of ints, rank 1 receives a vector of floats of the same shape and size
// expect: type_mismatch lines 25,27
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends a vector of ints, rank 1 receives a vector of floats of the same shape and size. */
public final class VectorIntAsVectorFloat {
    private VectorIntAsVectorFloat() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer ints = MPI.newIntBuffer(16);
        FloatBuffer floats = MPI.newFloatBuffer(16);
        Datatype intColumn = Datatype.createVector(4, 1, 4, MPI.INT);
        Datatype floatColumn = Datatype.createVector(4, 1, 4, MPI.FLOAT);
        intColumn.commit();
        floatColumn.commit();
        if (rank == 0) {
            world.send(ints, 1, intColumn, 1, 4); // ERROR
        } else if (rank == 1) {
            world.recv(floats, 1, floatColumn, 0, 4); // ERROR
        }
        intColumn.free();
        floatColumn.free();
        MPI.Finalize();
    }
}
