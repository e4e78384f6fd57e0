// corpus: category=callordering ranks=4
// intent: two halves joined by an intercommunicator exchange through it
// expect: none
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): two halves joined by an intercommunicator exchange through it. */
public final class IntercommExchange {
    private IntercommExchange() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Intracomm half = world.split(rank % 2, rank);
        Intercomm inter = world.createIntercomm(half, 0, 1 - rank % 2, 9);
        int[] buf = {rank};
        int[] in = new int[1];
        inter.sendRecv(buf, 1, MPI.INT, half.getRank(), 0, in, 1, MPI.INT, half.getRank(), 0);
        inter.free();
        half.free();
        MPI.Finalize();
    }
}
