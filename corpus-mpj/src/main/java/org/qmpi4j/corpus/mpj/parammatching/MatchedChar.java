// corpus: category=parammatching ranks=2
// intent: rank 0 sends 4 MPI.CHAR and rank 1 receives 4 MPI.CHAR: types match
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 sends 4 MPI.CHAR and rank 1 receives 4 MPI.CHAR: types match. */
public final class MatchedChar {
    private MatchedChar() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        char[] buf = new char[4];
        if (rank == 0) {
            world.Send(buf, 0, 4, MPI.CHAR, 1, 3);
        } else if (rank == 1) {
            world.Recv(buf, 0, 4, MPI.CHAR, 0, 3);
        }
        MPI.Finalize();
    }
}
