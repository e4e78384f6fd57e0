// corpus: category=messagerace ranks=3
// intent: a master hands out work to whichever worker answers first
// expect: none
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): a master hands out work to whichever worker answers first. */
public final class MasterWorkerWildcard {
    private MasterWorkerWildcard() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        if (rank == 0) {
            int tasks = 6;
            int sent = 0;
            for (int w = 1; w < size; w++) {
                buf[0] = sent++;
                world.send(buf, 1, MPI.INT, w, 1);
            }
            for (int done = 0; done < tasks; done++) {
                Status st = world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 2);
                buf[0] = sent < tasks ? sent++ : -1;
                world.send(buf, 1, MPI.INT, st.getSource(), 1);
            }
        } else {
            while (true) {
                world.recv(buf, 1, MPI.INT, 0, 1);
                if (buf[0] < 0) {
                    break;
                }
                world.send(buf, 1, MPI.INT, 0, 2);
            }
        }
        MPI.Finalize();
    }
}
