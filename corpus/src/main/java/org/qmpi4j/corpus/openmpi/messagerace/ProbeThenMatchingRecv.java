// corpus: category=messagerace ranks=3
// intent: rank 0 probes MPI_ANY_SOURCE and receives from the probed source
// expect: none
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 probes MPI_ANY_SOURCE and receives from the probed source. */
public final class ProbeThenMatchingRecv {
    private ProbeThenMatchingRecv() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[4];
        if (rank == 0) {
            for (int i = 1; i < size; i++) {
                Status st = world.probe(MPI.ANY_SOURCE, 0);
                world.recv(buf, st.getCount(MPI.INT), MPI.INT, st.getSource(), 0);
            }
        } else {
            world.send(buf, rank, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
