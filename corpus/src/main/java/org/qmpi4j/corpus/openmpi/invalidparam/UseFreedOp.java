// corpus: category=invalidparam ranks=2
// intent: a user-defined operation is freed, then used in an allReduce
// expect: object_used_after_free lines 33,35
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): a user-defined operation is freed, then used in an allReduce. */
public final class UseFreedOp {
    private UseFreedOp() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        Op keepMax = new Op(
                new UserFunction() {
                    @Override
                    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
                        IntBuffer a = in.asIntBuffer();
                        IntBuffer b = inOut.asIntBuffer();
                        for (int i = 0; i < count; i++) {
                            b.put(i, Math.max(a.get(i), b.get(i)));
                        }
                    }
                },
                true);
        IntBuffer v = MPI.newIntBuffer(1).put(0, rank);
        world.allReduce(v, 1, MPI.INT, keepMax);
        keepMax.free(); // ERROR
        try {
            world.allReduce(v, 1, MPI.INT, keepMax); // ERROR
        } catch (MPIException refused) {
            System.out.println("MPI refused the freed operation: " + refused.getMessage());
        }
        MPI.Finalize();
    }
}
