// corpus: category=invalidparam ranks=2
// intent: rank 0 frees the communicator it split, then asks it its size (MPJ's Free does nothing, so it answers)
// expect: object_used_after_free lines 20,21
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): rank 0 frees the communicator it split, then asks it its size (MPJ's Free does nothing, so it answers). */
public final class UseFreedComm {
    private UseFreedComm() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Intracomm copy = world.Split(0, rank);
        copy.Barrier();
        if (rank == 0) {
            copy.Free(); // ERROR
            System.out.println("rank 0 still sees " + copy.Size() + " ranks"); // ERROR
        } else {
            copy.Free();
        }
        MPI.Finalize();
    }
}
