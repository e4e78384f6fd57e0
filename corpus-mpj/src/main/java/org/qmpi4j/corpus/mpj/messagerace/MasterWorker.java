// corpus: category=messagerace ranks=3
// intent: rank 0 hands out work items to whichever worker answers first and stops each
// expect: none
package org.qmpi4j.corpus.mpj.messagerace;

import mpi.*;

/** Corpus program (messagerace, MPJ Express): rank 0 hands out work items to whichever worker answers first and stops each. */
public final class MasterWorker {
    private MasterWorker() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] item = new int[1];
        if (rank == 0) {
            int next = 0;
            int stopped = 0;
            while (stopped < size - 1) {
                Status st = world.Recv(item, 0, 1, MPI.INT, MPI.ANY_SOURCE, 1);
                item[0] = next < 6 ? next++ : -1;
                if (item[0] < 0) {
                    stopped++;
                }
                world.Send(item, 0, 1, MPI.INT, st.source, 2);
            }
        } else {
            while (true) {
                world.Send(item, 0, 1, MPI.INT, 0, 1);
                world.Recv(item, 0, 1, MPI.INT, 0, 2);
                if (item[0] < 0) {
                    break;
                }
            }
        }
        MPI.Finalize();
    }
}
