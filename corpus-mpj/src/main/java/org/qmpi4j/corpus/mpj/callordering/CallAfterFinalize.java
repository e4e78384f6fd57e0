// corpus: category=callordering ranks=2
// intent: every rank asks its rank after MPI.Finalize
// expect: call_after_finalize lines 18
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): every rank asks its rank after MPI.Finalize. */
public final class CallAfterFinalize {
    private CallAfterFinalize() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        MPI.Finalize();
        System.out.println("rank after finalize: " + world.Rank()); // ERROR
    }
}
