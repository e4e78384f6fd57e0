// corpus: category=resourceleak ranks=2
// intent: every rank makes a user-defined operation (new Op), reduces with it and never frees it
// expect: object_leak lines 17,20
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): every rank makes a user-defined operation (new Op), reduces with it and never frees it. */
public final class LeakedUserOp {
    private LeakedUserOp() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Op op = new Op(new Sum3(), true); // ERROR
        int[] in = {rank};
        int[] out = new int[1];
        world.Allreduce(in, 0, out, 0, 1, MPI.INT, op); // ERROR
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
