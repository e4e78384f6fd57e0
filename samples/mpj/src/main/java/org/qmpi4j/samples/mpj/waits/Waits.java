package org.qmpi4j.samples.mpj.waits;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.qmpi4j.samples.SampleReport;

/**
 * The Open MPI sample {@code waits.Waits} in the mpiJava 1.2 API of MPJ Express: every wait-state
 * pattern once, each made by one rank sleeping a known time (times {@code scale}) before its call,
 * the phases separated by an {@code Allgather}, after an {@code Alltoall} that waits for the
 * ranks' start-up. The table of phases is the Open MPI sample's, but for the intercommunicator's:
 * mpiJava 1.2 gives an intercommunicator no collectives, so there rank 2 receives from the other
 * group's rank 0 (world rank 0), which sleeps 250 ms first (a late sender). Needs exactly 4 ranks.
 */
public final class Waits {
    private static final int TAG = 5;

    private Waits() {}

    public static void main(String[] args) throws MPIException, InterruptedException {
        SampleReport report = new SampleReport("waits");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.Rank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.Size();
        report.call("MPI_COMM_SIZE");
        double scale = args.length > 0 ? Double.parseDouble(args[0]) : 1;
        String failure = size == 4 ? null : "needs 4 ranks, got " + size;
        int[] one = new int[1];
        int[] all = new int[4];
        if (failure == null) {
            MPI.COMM_WORLD.Alltoall(new int[] {rank, rank, rank, rank}, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
            // late sender
            if (rank == 1) {
                sleep(400, scale);
                MPI.COMM_WORLD.Send(one, 0, 1, MPI.INT, 0, TAG);
            } else if (rank == 0) {
                MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, 1, TAG); // SITE:late-sender
            }
            sync(rank, all);
            // late receiver
            if (rank == 2) {
                MPI.COMM_WORLD.Ssend(one, 0, 1, MPI.INT, 3, TAG); // SITE:late-receiver
            } else if (rank == 3) {
                sleep(300, scale);
                MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, 2, TAG);
            }
            sync(rank, all);
            // wait at barrier
            if (rank == 3) {
                sleep(350, scale);
            }
            MPI.COMM_WORLD.Barrier(); // SITE:barrier
            sync(rank, all);
            // wait at N x N
            if (rank == 0) {
                sleep(300, scale);
            }
            int[] sum = new int[1];
            MPI.COMM_WORLD.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM); // SITE:nxn
            if (sum[0] != 6 && failure == null) {
                failure = "allreduce gave " + sum[0] + ", expected 6";
            }
            sync(rank, all);
            // late broadcast
            if (rank == 1) {
                sleep(250, scale);
                one[0] = 42;
            }
            MPI.COMM_WORLD.Bcast(one, 0, 1, MPI.INT, 1); // SITE:bcast
            if (one[0] != 42 && failure == null) {
                failure = "bcast gave " + one[0] + ", expected 42";
            }
            sync(rank, all);
            // early reduce
            if (rank == 3) {
                sleep(300, scale);
            }
            MPI.COMM_WORLD.Reduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM, 2); // SITE:reduce
            if (rank == 2 && sum[0] != 6 && failure == null) {
                failure = "reduce gave " + sum[0] + ", expected 6";
            }
            sync(rank, all);
            // late sender at the wait of a nonblocking receive
            if (rank == 0) {
                int[] in = new int[1];
                Request r = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, 1, TAG + 1);
                r.Wait(); // SITE:wait
            } else if (rank == 1) {
                sleep(350, scale);
                MPI.COMM_WORLD.Send(one, 0, 1, MPI.INT, 0, TAG + 1);
            }
            sync(rank, all);
            // a chain: 3 is late for 2, which is then late for 1
            if (rank == 3) {
                sleep(400, scale);
                MPI.COMM_WORLD.Send(one, 0, 1, MPI.INT, 2, TAG + 2);
            } else if (rank == 2) {
                MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, 3, TAG + 2); // SITE:chain-recv-2
                MPI.COMM_WORLD.Send(one, 0, 1, MPI.INT, 1, TAG + 2);
            } else if (rank == 1) {
                MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, 2, TAG + 2); // SITE:chain-recv-1
            }
            sync(rank, all);
            // a barrier on each half: {0, 1} waits for 1, {2, 3} for 2
            Intracomm half = MPI.COMM_WORLD.Split(rank / 2, rank);
            Intercomm inter = MPI.COMM_WORLD.Create_intercomm(half, 0, rank < 2 ? 2 : 0, TAG + 3);
            sync(rank, all);
            if (rank == 1) {
                sleep(300, scale);
            } else if (rank == 2) {
                sleep(200, scale);
            }
            half.Barrier(); // SITE:sub-barrier
            sync(rank, all);
            // a message over the intercommunicator (whose collectives mpiJava 1.2 does not have):
            // 2 receives from the other group's rank 0 (world rank 0), which is late
            if (rank == 0) {
                sleep(250, scale);
                one[0] = 7;
                inter.Send(one, 0, 1, MPI.INT, 0, TAG + 4);
            } else if (rank == 2) {
                inter.Recv(one, 0, 1, MPI.INT, 0, TAG + 4); // SITE:inter-recv
                if (one[0] != 7 && failure == null) {
                    failure = "intercommunicator message gave " + one[0] + ", expected 7";
                }
            }
            sync(rank, all);
            inter.Free();
            half.Free();
        }
        MPI.Finalize();
        int status = report.print(System.out, failure == null, failure != null ? failure : "every phase done");
        if (status != 0) {
            System.exit(status);
        }
    }

    private static void sync(int rank, int[] all) throws MPIException {
        MPI.COMM_WORLD.Allgather(new int[] {rank}, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
    }

    private static void sleep(long ms, double scale) throws InterruptedException {
        long t = Math.round(ms * scale);
        if (t > 0) {
            Thread.sleep(t);
        }
    }
}
