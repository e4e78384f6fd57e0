// corpus: category=messagerace ranks=3
// intent: rank 0 receives from MPI.ANY_SOURCE and uses the status's source
// expect: none
package org.qmpi4j.corpus.mpj.messagerace;

import mpi.*;

/** Corpus program (messagerace, MPJ Express): rank 0 receives from MPI.ANY_SOURCE and uses the status's source. */
public final class WildcardUsesStatus {
    private WildcardUsesStatus() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            int[] from = new int[size];
            for (int i = 1; i < size; i++) {
                Status st = world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                from[st.source] = buf[0];
            }
            System.out.println("received from each: " + java.util.Arrays.toString(from));
        } else {
            world.Send(buf, 0, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
