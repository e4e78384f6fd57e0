// corpus: category=parammatching ranks=2
// intent: rank 0 sends a column of a 3x3 matrix as one vector type, rank 1 receives 3 ints
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 sends a column of a 3x3 matrix as one vector type, rank 1 receives 3 ints. */
public final class VectorColumn {
    private VectorColumn() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] matrix = new int[9];
        if (rank == 0) {
            Datatype column = Datatype.Vector(3, 1, 3, MPI.INT);
            column.Commit();
            world.Send(matrix, 1, 1, column, 1, 4);
            column.free();
        } else if (rank == 1) {
            world.Recv(matrix, 0, 3, MPI.INT, 0, 4);
        }
        MPI.Finalize();
    }
}
