// corpus: category=resourceleak ranks=2
// intent: a duplicate of the world kept in an object's field across calls and freed before MPI_Finalize
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a duplicate of the world kept in an object's field across calls and freed before MPI_Finalize. */
public final class CommKeptInField {
    private CommKeptInField() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Exchange exchange = new Exchange(world);
        int total = 0;
        for (int i = 0; i < 3; i++) {
            total += exchange.sum(rank + i);
        }
        exchange.close();
        System.out.println(total);
        MPI.Finalize();
    }

    /** Keeps a duplicate of the world across calls, as a solver object would. */
    private static final class Exchange {
        private final Intracomm comm;

        Exchange(Intracomm world) throws MPIException {
            comm = world.dup();
        }

        int sum(int v) throws MPIException {
            int[] b = {v};
            comm.allReduce(b, 1, MPI.INT, MPI.SUM);
            return b[0];
        }

        void close() throws MPIException {
            comm.free();
        }
    }
}
