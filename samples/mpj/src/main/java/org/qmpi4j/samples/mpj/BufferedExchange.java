package org.qmpi4j.samples.mpj;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * The MPJ Express twin of the Open MPI feature sample of the same name: partners (ranks 0-1, 2-3,
 * ...) exchange one small message; {@code unsafe}: both send first (works only because MPJ
 * Express buffers small standard sends), {@code safe}: the even partner sends first. Under the
 * {@code ssend} sample tool the unsafe form deadlocks and the safe one completes.
 *
 * <p>Usage: {@code BufferedExchange unsafe|safe}. Needs an even number of ranks.
 */
public final class BufferedExchange {
    private static final int TAG = 11;
    private static final int INT_BYTES = 4;

    private BufferedExchange() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("buffered-exchange");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.Rank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        boolean unsafe = args.length == 0 || args[0].equals("unsafe");
        int partner = rank ^ 1;
        int[] out = {rank};
        int[] in = new int[1];
        if (unsafe || rank % 2 == 0) {
            MPI.COMM_WORLD.Send(out, 0, 1, MPI.INT, partner, TAG);
            report.call("MPI_SEND");
            report.sent(partner, INT_BYTES);
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, partner, TAG);
            report.call("MPI_RECV");
        } else {
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, partner, TAG);
            report.call("MPI_RECV");
            MPI.COMM_WORLD.Send(out, 0, 1, MPI.INT, partner, TAG);
            report.call("MPI_SEND");
            report.sent(partner, INT_BYTES);
        }
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        boolean ok = in[0] == partner;
        int status = report.print(
                System.out, ok, (unsafe ? "unsafe" : "safe") + " exchange with " + partner + " got " + in[0]);
        if (status != 0) {
            System.exit(status);
        }
    }
}
