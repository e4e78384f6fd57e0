// corpus: category=parammatching ranks=2
// intent: rank 0 sends padded structs of an int and a double, rank 1 receives them packed via another struct
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends padded structs of an int and a double, rank 1 receives them packed via another struct. */
public final class StructIntoPieces {
    private StructIntoPieces() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            ByteBuffer out = MPI.newByteBuffer(32);
            Datatype padded =
                    Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
            padded.commit();
            world.send(out, 2, padded, 1, 4);
            padded.free();
        } else if (rank == 1) {
            ByteBuffer in = MPI.newByteBuffer(24);
            Datatype one = Datatype.createContiguous(1, MPI.INT);
            Datatype other = Datatype.createContiguous(1, MPI.DOUBLE);
            Datatype pieces = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 4}, new Datatype[] {one, other});
            Datatype packed = Datatype.createResized(pieces, 0, 12);
            packed.commit();
            world.recv(in, 2, packed, 0, 4);
            packed.free();
            pieces.free();
            one.free();
            other.free();
        }
        MPI.Finalize();
    }
}
