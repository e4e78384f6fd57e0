// corpus: category=localconcurrency ranks=2
// intent: rank 1 posts two Irecvs into overlapping parts of one array
// expect: overlapping_buffers lines 22,23
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): rank 1 posts two Irecvs into overlapping parts of one array. */
public final class OverlappingIrecvs {
    private OverlappingIrecvs() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[4];
        if (rank == 0) {
            world.Send(buf, 0, 3, MPI.INT, 1, 0);
            world.Send(buf, 0, 3, MPI.INT, 1, 1);
        } else if (rank == 1) {
            Request a = world.Irecv(buf, 0, 3, MPI.INT, 0, 0); // ERROR
            Request b = world.Irecv(buf, 1, 3, MPI.INT, 0, 1); // ERROR
            Request.Waitall(new Request[] {a, b});
        }
        MPI.Finalize();
    }
}
