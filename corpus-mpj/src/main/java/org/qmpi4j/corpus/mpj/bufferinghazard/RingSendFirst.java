// corpus: category=bufferinghazard ranks=3
// intent: three ranks send one int to the right before receiving from the left: unbuffered, it hangs
// expect: deadlock lines 19
package org.qmpi4j.corpus.mpj.bufferinghazard;

import mpi.*;

/** Corpus program (bufferinghazard, MPJ Express): three ranks send one int to the right before receiving from the left: unbuffered, it hangs. */
public final class RingSendFirst {
    private RingSendFirst() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = {rank};
        int[] in = new int[1];
        world.Send(out, 0, 1, MPI.INT, (rank + 1) % size, 7); // ERROR
        world.Recv(in, 0, 1, MPI.INT, (rank + size - 1) % size, 7);
        MPI.Finalize();
    }
}
