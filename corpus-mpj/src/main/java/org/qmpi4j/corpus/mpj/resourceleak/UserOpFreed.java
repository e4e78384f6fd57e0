// corpus: category=resourceleak ranks=2
// intent: a user-defined operation freed after two reductions
// expect: none
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): a user-defined operation freed after two reductions. */
public final class UserOpFreed {
    private UserOpFreed() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Op op = new Op(new Sum3(), true);
        int[] in = {rank};
        int[] out = new int[1];
        world.Allreduce(in, 0, out, 0, 1, MPI.INT, op);
        world.Allreduce(in, 0, out, 0, 1, MPI.INT, op);
        op.free();
        MPI.Finalize();
    }

    /** Adds ints, as MPI.SUM would. */
    static final class Sum3 extends User_function {
        @Override
        public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
            int[] a = (int[]) in;
            int[] b = (int[]) inout;
            for (int i = 0; i < count; i++) {
                b[inoutOffset + i] += a[inOffset + i];
            }
        }
    }
}
