// corpus: category=messagerace ranks=3
// intent: rank 0 probes MPI.ANY_SOURCE, then receives from MPI.ANY_SOURCE again with the probed count
// expect: message_race lines 22
package org.qmpi4j.corpus.mpj.messagerace;

import mpi.*;

/** Corpus program (messagerace, MPJ Express): rank 0 probes MPI.ANY_SOURCE, then receives from MPI.ANY_SOURCE again with the probed count. */
public final class ProbeThenAnySourceRecv {
    private ProbeThenAnySourceRecv() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[4];
        if (rank == 0) {
            for (int i = 1; i < size; i++) {
                Status st = world.Probe(MPI.ANY_SOURCE, 0);
                int n = st.Get_count(MPI.INT);
                world.Recv(buf, 0, n, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
            }
        } else {
            world.Send(buf, 0, rank, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
