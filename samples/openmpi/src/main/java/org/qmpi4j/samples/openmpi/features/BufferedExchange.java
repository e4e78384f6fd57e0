package org.qmpi4j.samples.openmpi.features;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * Partners (ranks 0-1, 2-3, ...) exchange one small message. {@code unsafe}: both partners send
 * first, then receive, which works only because MPI buffers small standard sends (the MPI
 * standard calls such a program unsafe); {@code safe}: the even partner sends first, the odd one
 * receives first. The {@code ssend} sample tool turns the sends synchronous, so the unsafe form
 * then deadlocks (the job is stopped at its time limit) and the safe one still completes.
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
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        boolean unsafe = args.length == 0 || args[0].equals("unsafe");
        int partner = rank ^ 1;
        int[] out = {rank};
        int[] in = new int[1];
        if (unsafe || rank % 2 == 0) {
            MPI.COMM_WORLD.send(out, 1, MPI.INT, partner, TAG);
            report.call("MPI_SEND");
            report.sent(partner, INT_BYTES);
            MPI.COMM_WORLD.recv(in, 1, MPI.INT, partner, TAG);
            report.call("MPI_RECV");
        } else {
            MPI.COMM_WORLD.recv(in, 1, MPI.INT, partner, TAG);
            report.call("MPI_RECV");
            MPI.COMM_WORLD.send(out, 1, MPI.INT, partner, TAG);
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
