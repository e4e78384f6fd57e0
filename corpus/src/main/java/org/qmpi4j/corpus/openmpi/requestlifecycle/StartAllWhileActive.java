// corpus: category=requestlifecycle ranks=2
// intent: rank 0 starts two persistent sends with startAll while the first is still active
// expect: request_misuse lines 23,25
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 0 starts two persistent sends with startAll while the first is still active. */
public final class StartAllWhileActive {
    private StartAllWhileActive() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer a = MPI.newIntBuffer(1);
        IntBuffer b = MPI.newIntBuffer(1);
        if (rank == 0) {
            Prequest first = world.sendInit(a, 1, MPI.INT, 1, 0);
            Prequest second = world.sendInit(b, 1, MPI.INT, 1, 1);
            first.start(); // ERROR
            Prequest[] both = {first, second};
            Prequest.startAll(both); // ERROR
            Request.waitAll(both);
            first.free();
            second.free();
        } else if (rank == 1) {
            world.recv(a, 1, MPI.INT, 0, 0);
            world.recv(a, 1, MPI.INT, 0, 0);
            world.recv(b, 1, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
