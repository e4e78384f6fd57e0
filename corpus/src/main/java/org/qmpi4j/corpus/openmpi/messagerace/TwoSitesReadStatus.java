// corpus: category=messagerace ranks=3
// intent: rank 0 receives from MPI_ANY_SOURCE at two places and each reads the status' source
// expect: none
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 receives from MPI_ANY_SOURCE at two places and each reads the status' source. */
public final class TwoSitesReadStatus {
    private TwoSitesReadStatus() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] got = new int[size];
        int[] buf = new int[1];
        if (rank == 0) {
            Status st = world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            got[st.getSource()] = buf[0];
            st = world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            got[st.getSource()] = buf[0];
            System.out.println("from 1: " + got[1] + ", from 2: " + got[2]);
        } else {
            buf[0] = rank;
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
