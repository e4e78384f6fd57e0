// corpus: category=parammatching ranks=2
// intent: rank 0 sends a struct of an int then a double, rank 1 receives a struct of a double then an int (same size)
// expect: type_mismatch lines 26,28
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends a struct of an int then a double, rank 1 receives a struct of a double then an int (same size). */
public final class StructOrderSwapped {
    private StructOrderSwapped() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        ByteBuffer buf = MPI.newByteBuffer(16);
        Datatype intDouble =
                Datatype.createStruct(new int[] {1, 1}, new int[] {0, 4}, new Datatype[] {MPI.INT, MPI.DOUBLE});
        Datatype doubleInt =
                Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.DOUBLE, MPI.INT});
        intDouble.commit();
        doubleInt.commit();
        if (rank == 0) {
            world.send(buf, 1, intDouble, 1, 4); // ERROR
        } else if (rank == 1) {
            world.recv(buf, 1, doubleInt, 0, 4); // ERROR
        }
        intDouble.free();
        doubleInt.free();
        MPI.Finalize();
    }
}
