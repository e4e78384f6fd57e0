// corpus: category=resourceleak ranks=2
// intent: a duplicate communicator kept in an object's field across calls and freed before Finalize
// expect: none
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): a duplicate communicator kept in an object's field across calls and freed before Finalize. */
public final class CommKeptInField {
    private CommKeptInField() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Exchange x = new Exchange(world);
        x.round(rank);
        x.round(rank + 1);
        x.close();
        MPI.Finalize();
    }

    /** Keeps its own communicator for its rounds. */
    static final class Exchange {
        private final Intracomm comm;

        Exchange(Intracomm parent) throws MPIException {
            comm = (Intracomm) parent.clone();
        }

        void round(int value) throws MPIException {
            int[] v = {value};
            comm.Bcast(v, 0, 1, MPI.INT, 0);
        }

        void close() throws MPIException {
            comm.Free();
        }
    }
}
