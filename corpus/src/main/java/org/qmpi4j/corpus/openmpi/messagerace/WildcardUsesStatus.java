// corpus: category=messagerace ranks=3
// intent: rank 0 receives from MPI_ANY_SOURCE and stores each value by the status' source
// expect: none
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 receives from MPI_ANY_SOURCE and stores each value by the status' source. */
public final class WildcardUsesStatus {
    private WildcardUsesStatus() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] got = new int[size];
        int[] buf = new int[1];
        if (rank == 0) {
            for (int i = 1; i < size; i++) {
                Status st = world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                got[st.getSource()] = buf[0];
            }
        } else {
            buf[0] = rank;
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
