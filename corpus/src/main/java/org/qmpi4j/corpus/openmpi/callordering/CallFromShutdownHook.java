// corpus: category=callordering ranks=2
// intent: rank 0's shutdown hook calls MPI: hooks run after main returned, when MPI is finalized
// expect: call_after_finalize lines 21
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): rank 0's shutdown hook calls MPI: hooks run after main returned, when MPI is finalized. */
public final class CallFromShutdownHook {
    private CallFromShutdownHook() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    System.out.println(MPI.COMM_WORLD.getRank()); // ERROR
                } catch (MPIException refused) {
                    System.out.println("MPI refused: " + refused.getMessage());
                }
            }));
        }
        world.barrier();
        MPI.Finalize();
    }
}
