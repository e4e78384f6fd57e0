// corpus: category=parammatching ranks=3
// intent: a nonblocking allreduce overlapped with computation and a ring exchange before its wait
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): a nonblocking allreduce overlapped with computation and a ring exchange before its wait. */
public final class IAllReduceOverlapped {
    private IAllReduceOverlapped() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        DoubleBuffer in = MPI.newDoubleBuffer(2);
        DoubleBuffer out = MPI.newDoubleBuffer(2);
        in.put(0, rank).put(1, 1.0);
        Request r = world.iAllReduce(in, out, 2, MPI.DOUBLE, MPI.SUM);
        double local = 0;
        for (int i = 0; i < 100000; i++) {
            local += Math.sqrt(i + rank);
        }
        int[] send = {rank};
        int[] recv = new int[1];
        world.sendRecv(send, 1, MPI.INT, (rank + 1) % size, 3, recv, 1, MPI.INT, (rank + size - 1) % size, 3);
        r.waitFor();
        System.out.println("sum " + out.get(0) + " ranks " + out.get(1) + " local " + (local > 0));
        MPI.Finalize();
    }
}
