package org.qmpi4j.samples.mpj.defects;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 sends a column of a 4x4 {@code MPI.INT} matrix (a vector type) twice: rank 1 receives the
 * first as 4 contiguous {@code MPI.INT}, which is correct (the same type signature, another
 * layout), and the second as a column of {@code MPI.FLOAT} of the same shape and size, which is
 * not.
 */
public final class DerivedTypeMismatch {
    private DerivedTypeMismatch() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype intColumn = Datatype.Vector(4, 1, 4, MPI.INT);
        intColumn.Commit();
        Datatype floatColumn = Datatype.Vector(4, 1, 4, MPI.FLOAT);
        floatColumn.Commit();
        if (rank == 0) {
            int[] matrix = new int[16];
            MPI.COMM_WORLD.Send(matrix, 0, 1, intColumn, 1, 12);
            MPI.COMM_WORLD.Send(matrix, 0, 1, intColumn, 1, 13); // CHECK:type_mismatch rank 0
        } else {
            int[] ints = new int[4];
            MPI.COMM_WORLD.Recv(ints, 0, 4, MPI.INT, 0, 12);
            float[] floats = new float[16];
            try {
                MPI.COMM_WORLD.Recv(floats, 0, 1, floatColumn, 0, 13); // CHECK:type_mismatch rank 1
            } catch (RuntimeException refused) {
                // MPJ Express checks the type of the data it unpacks and may refuse the receive
                System.out.println("rank 1: MPJ refused the receive: " + refused);
            }
        }
        intColumn.free();
        floatColumn.free();
        MPI.Finalize();
    }
}
