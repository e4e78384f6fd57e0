// corpus: category=messagerace ranks=3
// intent: rank 0 probes MPI_ANY_SOURCE but then receives from MPI_ANY_SOURCE again, which may match another message
// expect: message_race lines 23
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 probes MPI_ANY_SOURCE but then receives from MPI_ANY_SOURCE again, which may match another message. */
public final class ProbeThenSpecificRecvRace {
    private ProbeThenSpecificRecvRace() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[4];
        if (rank == 0) {
            for (int i = 1; i < size; i++) {
                Status st = world.probe(MPI.ANY_SOURCE, 0);
                int n = st.getCount(MPI.INT);
                world.recv(buf, n, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
            }
        } else {
            world.send(buf, rank, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
