// corpus: category=messagerace ranks=3
// intent: rank 0 probes MPI.ANY_SOURCE and receives from the source the probe found
// expect: none
package org.qmpi4j.corpus.mpj.messagerace;

import mpi.*;

/** Corpus program (messagerace, MPJ Express): rank 0 probes MPI.ANY_SOURCE and receives from the source the probe found. */
public final class ProbeThenRecvFromSource {
    private ProbeThenRecvFromSource() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            for (int i = 1; i < size; i++) {
                Status st = world.Probe(MPI.ANY_SOURCE, 0);
                world.Recv(buf, 0, 1, MPI.INT, st.source, 0);
            }
        } else {
            world.Send(buf, 0, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
