// corpus: category=invalidparam ranks=3
// intent: a non-periodic shift: inner ranks Sendrecv, end ranks only send or receive (no MPI.PROC_NULL in MPJ)
// expect: none
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): a non-periodic shift: inner ranks Sendrecv, end ranks only send or receive (no MPI.PROC_NULL in MPJ). */
public final class NonPeriodicShift {
    private NonPeriodicShift() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = {rank};
        int[] in = new int[1];
        if (rank == 0) {
            world.Send(out, 0, 1, MPI.INT, 1, 2);
        } else if (rank == size - 1) {
            world.Recv(in, 0, 1, MPI.INT, rank - 1, 2);
        } else {
            world.Sendrecv(out, 0, 1, MPI.INT, rank + 1, 2, in, 0, 1, MPI.INT, rank - 1, 2);
        }
        MPI.Finalize();
    }
}
