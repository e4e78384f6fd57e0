// corpus: category=parammatching ranks=2
// intent: rank 1 receives into room for 10 MPI.DOUBLE a message of 3: allowed, the status says 3
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 1 receives into room for 10 MPI.DOUBLE a message of 3: allowed, the status says 3. */
public final class LargerReceiveDouble {
    private LargerReceiveDouble() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        double[] buf = new double[10];
        if (rank == 0) {
            world.Send(buf, 0, 3, MPI.DOUBLE, 1, 7);
        } else if (rank == 1) {
            Status st = world.Recv(buf, 0, 10, MPI.DOUBLE, 0, 7);
            System.out.println("received " + st.Get_count(MPI.DOUBLE));
        }
        MPI.Finalize();
    }
}
