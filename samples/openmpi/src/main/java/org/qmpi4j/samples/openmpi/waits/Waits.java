package org.qmpi4j.samples.openmpi.waits;

import java.nio.IntBuffer;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.qmpi4j.samples.SampleReport;

/**
 * Every wait-state pattern once, each made by one rank sleeping a known time before its call
 * while the others go straight to theirs. After an {@code MPI_ALLTOALL} at the start (which waits
 * for the ranks' different start-up times), the phases are separated by an {@code MPI_ALLGATHER}
 * (which waits too, for the slowest rank of the phase before), and each (rank, function) that
 * waits in a phase waits in that phase only, so that each wait can be told apart even where the
 * trace names no call site. Sleeps are {@code scale} times the base times below; {@code scale 0}
 * is the same program balanced.
 *
 * <pre>
 * phase            late rank sleeps   who waits, in what, for whom
 * late sender      1: 400 ms          0 in MPI_RECV for 1
 * late receiver    3: 300 ms          2 in MPI_SSEND for 3
 * barrier          3: 350 ms          0, 1, 2 in MPI_BARRIER for 3
 * N x N            0: 300 ms          1, 2, 3 in MPI_ALLREDUCE for 0
 * late broadcast   1: 250 ms          0, 2, 3 in MPI_BCAST (root 1) for 1
 * early reduce     3: 300 ms          2 (root) in MPI_REDUCE for 3
 * nonblocking      1: 350 ms          0 in MPI_WAIT (of an MPI_IRECV) for 1
 * chain            3: 400 ms          2 in MPI_RECV for 3, then 1 in MPI_RECV for 2
 * sub-communicator 1: 300, 2: 200 ms  0 in MPI_BARRIER (of {0, 1}) for 1, 3 (of {2, 3}) for 2
 * intercommunicator 0: 250 ms         2, 3 in MPI_BCAST from 0 (group {0, 1} to {2, 3}) for 0
 * </pre>
 *
 * <p>Usage: {@code Waits [scale]} (default 1). Needs exactly 4 ranks.
 */
public final class Waits {
    private static final int TAG = 5;

    private Waits() {}

    public static void main(String[] args) throws MPIException, InterruptedException {
        SampleReport report = new SampleReport("waits");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        double scale = args.length > 0 ? Double.parseDouble(args[0]) : 1;
        String failure = size == 4 ? null : "needs 4 ranks, got " + size;
        int[] one = new int[1];
        int[] all = new int[4];
        if (failure == null) {
            // The ranks leave MPI_Init at different times (their JVMs start at different times):
            // this first exchange waits for that, apart from the phases' own synchronisation.
            MPI.COMM_WORLD.allToAll(new int[] {rank, rank, rank, rank}, 1, MPI.INT, all, 1, MPI.INT); // SITE:start
            // late sender
            if (rank == 1) {
                sleep(400, scale);
                MPI.COMM_WORLD.send(one, 1, MPI.INT, 0, TAG); // SITE:late-sender-send
            } else if (rank == 0) {
                MPI.COMM_WORLD.recv(one, 1, MPI.INT, 1, TAG); // SITE:late-sender
            }
            sync(rank, all);
            // late receiver
            if (rank == 2) {
                MPI.COMM_WORLD.sSend(one, 1, MPI.INT, 3, TAG); // SITE:late-receiver
            } else if (rank == 3) {
                sleep(300, scale);
                MPI.COMM_WORLD.recv(one, 1, MPI.INT, 2, TAG); // SITE:late-receiver-recv
            }
            sync(rank, all);
            // wait at barrier
            if (rank == 3) {
                sleep(350, scale);
            }
            MPI.COMM_WORLD.barrier(); // SITE:barrier
            sync(rank, all);
            // wait at N x N
            if (rank == 0) {
                sleep(300, scale);
            }
            int[] sum = new int[1];
            MPI.COMM_WORLD.allReduce(new int[] {rank}, sum, 1, MPI.INT, MPI.SUM); // SITE:nxn
            if (sum[0] != 6 && failure == null) {
                failure = "allreduce gave " + sum[0] + ", expected 6";
            }
            sync(rank, all);
            // late broadcast
            if (rank == 1) {
                sleep(250, scale);
                one[0] = 42;
            }
            MPI.COMM_WORLD.bcast(one, 1, MPI.INT, 1); // SITE:bcast
            if (one[0] != 42 && failure == null) {
                failure = "bcast gave " + one[0] + ", expected 42";
            }
            sync(rank, all);
            // early reduce
            if (rank == 3) {
                sleep(300, scale);
            }
            MPI.COMM_WORLD.reduce(new int[] {rank}, sum, 1, MPI.INT, MPI.SUM, 2); // SITE:reduce
            if (rank == 2 && sum[0] != 6 && failure == null) {
                failure = "reduce gave " + sum[0] + ", expected 6";
            }
            sync(rank, all);
            // late sender at the wait of a nonblocking receive
            if (rank == 0) {
                IntBuffer in = MPI.newIntBuffer(1);
                Request r = MPI.COMM_WORLD.iRecv(in, 1, MPI.INT, 1, TAG + 1); // SITE:irecv
                r.waitFor(); // SITE:wait
                r.free();
            } else if (rank == 1) {
                sleep(350, scale);
                MPI.COMM_WORLD.send(one, 1, MPI.INT, 0, TAG + 1); // SITE:wait-send
            }
            sync(rank, all);
            // a chain: 3 is late for 2, which is then late for 1
            if (rank == 3) {
                sleep(400, scale);
                MPI.COMM_WORLD.send(one, 1, MPI.INT, 2, TAG + 2); // SITE:chain-send-3
            } else if (rank == 2) {
                MPI.COMM_WORLD.recv(one, 1, MPI.INT, 3, TAG + 2); // SITE:chain-recv-2
                MPI.COMM_WORLD.send(one, 1, MPI.INT, 1, TAG + 2); // SITE:chain-send-2
            } else if (rank == 1) {
                MPI.COMM_WORLD.recv(one, 1, MPI.INT, 2, TAG + 2); // SITE:chain-recv-1
            }
            sync(rank, all);
            // a barrier on each half: {0, 1} waits for 1, {2, 3} for 2
            Intracomm half = MPI.COMM_WORLD.split(rank / 2, rank);
            Intercomm inter = MPI.COMM_WORLD.createIntercomm(half, 0, rank < 2 ? 2 : 0, TAG + 3);
            sync(rank, all);
            if (rank == 1) {
                sleep(300, scale);
            } else if (rank == 2) {
                sleep(200, scale);
            }
            half.barrier(); // SITE:sub-barrier
            sync(rank, all);
            // a broadcast from rank 0 over the intercommunicator to {2, 3}; rank 1 takes no part
            if (rank == 0) {
                sleep(250, scale);
                one[0] = 7;
            }
            int root = rank == 0 ? MPI.ROOT : rank == 1 ? MPI.PROC_NULL : 0;
            inter.bcast(one, 1, MPI.INT, root); // SITE:inter-bcast
            if (rank >= 2 && one[0] != 7 && failure == null) {
                failure = "intercommunicator bcast gave " + one[0] + ", expected 7";
            }
            sync(rank, all);
            inter.free();
            half.free();
        }
        MPI.Finalize();
        int status = report.print(System.out, failure == null, failure != null ? failure : "every phase done");
        if (status != 0) {
            System.exit(status);
        }
    }

    /** Brings the ranks together between phases; it waits for the slowest of the phase before. */
    private static void sync(int rank, int[] all) throws MPIException {
        MPI.COMM_WORLD.allGather(new int[] {rank}, 1, MPI.INT, all, 1, MPI.INT); // SITE:sync
    }

    private static void sleep(long ms, double scale) throws InterruptedException {
        long t = Math.round(ms * scale);
        if (t > 0) {
            Thread.sleep(t);
        }
    }
}
