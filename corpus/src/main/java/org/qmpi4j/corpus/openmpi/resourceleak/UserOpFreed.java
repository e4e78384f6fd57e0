// corpus: category=resourceleak ranks=2
// intent: a user-defined operation used in two reductions, then freed
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a user-defined operation used in two reductions, then freed. */
public final class UserOpFreed {
    private UserOpFreed() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
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
        world.allReduce(v, 1, MPI.INT, keepMax);
        keepMax.free();
        MPI.Finalize();
    }
}
