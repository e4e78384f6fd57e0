package org.qmpi4j.samples.openmpi.features;

import java.nio.IntBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.qmpi4j.samples.SampleReport;

/**
 * Collectives and messages on communicators other than {@code COMM_WORLD}: the ranks split into
 * two halves (even and odd world ranks, {@code Comm.split}), and {@code COMM_WORLD} is duplicated.
 * On each half: {@link #ROUNDS} broadcasts from the half's first rank, a gather to its last rank,
 * and {@link #ROUNDS} messages around the half's ring (iSend, recv, wait); on the duplicate,
 * {@link #ROUNDS} send-receives around the whole ring with the same tag (the same envelopes as a
 * ring on {@code COMM_WORLD} would have, on another communicator) and an allreduce; then a barrier
 * on {@code COMM_WORLD}. Each MPI function is called from one source line, marked
 * {@code // SITE:<function>}, so that a test can check every traced call's site. Needs an even
 * number of ranks.
 */
public final class SubCommunicators {
    /** Broadcasts, and messages per rank on each communicator. */
    public static final int ROUNDS = 3;

    private static final int TAG = 5;
    private static final int INT_BYTES = 4;

    private SubCommunicators() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("sub-communicators");
        MPI.Init(args); // SITE:MPI_INIT
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank(); // SITE:MPI_COMM_RANK
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize(); // SITE:MPI_COMM_SIZE
        report.call("MPI_COMM_SIZE");
        if (size % 2 != 0) {
            throw new IllegalStateException("needs an even number of ranks, not " + size);
        }
        int colour = rank % 2;
        Intracomm half = MPI.COMM_WORLD.split(colour, rank); // SITE:MPI_COMM_SPLIT
        report.call("MPI_COMM_SPLIT");
        Intracomm copy = MPI.COMM_WORLD.dup(); // SITE:MPI_COMM_DUP
        report.call("MPI_COMM_DUP");
        // Ordered by world rank (the key), so the half's ranks are known without asking.
        int halfRank = rank / 2;
        int halfSize = size / 2;
        boolean ok = true;

        int[] value = {halfRank == 0 ? 100 + rank : 0};
        for (int i = 0; i < ROUNDS; i++) {
            half.bcast(value, 1, MPI.INT, 0); // SITE:MPI_BCAST
            report.call("MPI_BCAST");
        }
        ok &= value[0] == 100 + colour;
        int[] gathered = new int[halfSize];
        half.gather(new int[] {rank}, 1, MPI.INT, gathered, 1, MPI.INT, halfSize - 1); // SITE:MPI_GATHER
        report.call("MPI_GATHER");
        if (halfRank == halfSize - 1) {
            for (int k = 0; k < halfSize; k++) {
                ok &= gathered[k] == 2 * k + colour;
            }
        }

        int next = (halfRank + 1) % halfSize;
        int previous = (halfRank - 1 + halfSize) % halfSize;
        IntBuffer out = MPI.newIntBuffer(1);
        int[] in = new int[1];
        for (int i = 0; i < ROUNDS; i++) {
            out.put(0, 10 * rank + i);
            Request sent = half.iSend(out, 1, MPI.INT, next, TAG); // SITE:MPI_ISEND
            report.call("MPI_ISEND");
            report.sent(2 * next + colour, INT_BYTES);
            half.recv(in, 1, MPI.INT, previous, TAG); // SITE:MPI_RECV
            report.call("MPI_RECV");
            sent.waitFor(); // SITE:MPI_WAIT
            report.call("MPI_WAIT");
            ok &= in[0] == 10 * (2 * previous + colour) + i;
        }

        int right = (rank + 1) % size;
        int left = (rank - 1 + size) % size;
        for (int i = 0; i < ROUNDS; i++) {
            int[] mine = {1000 * rank + i};
            int[] theirs = new int[1];
            copy.sendRecv(mine, 1, MPI.INT, right, TAG, theirs, 1, MPI.INT, left, TAG); // SITE:MPI_SENDRECV
            report.call("MPI_SENDRECV");
            report.sent(right, INT_BYTES);
            ok &= theirs[0] == 1000 * left + i;
        }
        int[] sum = {rank};
        copy.allReduce(sum, 1, MPI.INT, MPI.SUM); // SITE:MPI_ALLREDUCE
        report.call("MPI_ALLREDUCE");
        ok &= sum[0] == size * (size - 1) / 2;

        MPI.COMM_WORLD.barrier(); // SITE:MPI_BARRIER
        report.call("MPI_BARRIER");
        for (Intracomm c : new Intracomm[] {half, copy}) {
            c.free(); // SITE:MPI_COMM_FREE
            report.call("MPI_COMM_FREE");
        }
        report.call("MPI_FINALIZE");
        MPI.Finalize(); // SITE:MPI_FINALIZE
        int status = report.print(
                System.out,
                ok,
                ok ? "broadcasts, gather, rings and allreduce as expected" : "a value was not as expected");
        if (status != 0) {
            System.exit(status);
        }
    }
}
