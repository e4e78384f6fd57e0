package org.qmpi4j.samples.openmpi.scaling;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * A code made to stop scaling at its broadcast, for scaling studies ({@code qmpi4j compare}).
 *
 * <p>Each of its 10 steps shares 1.2 s of work among the ranks (each rank sleeps 120 ms / ranks),
 * then rank 0 prepares the next step's input alone, 10 ms per rank of the job (a serial part that
 * grows with the job, as gathering and scattering by one root does), and broadcasts it. The other
 * ranks wait for it in {@code MPI_Bcast}, so the broadcast's time per rank grows with the ranks
 * while the shared work shrinks: on 1, 2 and 4 ranks the broadcast is what stops the code scaling.
 * Every rank checks the value it received.
 *
 * <p>Usage: {@code SerialRoot [steps]} (default 10). Any number of ranks.
 */
public final class SerialRoot {
    private static final int SHARED_MS = 120;
    private static final int SERIAL_MS_PER_RANK = 10;

    private SerialRoot() {}

    public static void main(String[] args) throws MPIException, InterruptedException {
        SampleReport report = new SampleReport("serial-root");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int[] input = new int[1];
        String failure = null;
        for (int step = 0; step < steps; step++) {
            Thread.sleep(SHARED_MS / size);
            if (rank == 0) {
                Thread.sleep((long) SERIAL_MS_PER_RANK * size);
                input[0] = step * 7 + 1;
            }
            MPI.COMM_WORLD.bcast(input, 1, MPI.INT, 0);
            report.call("MPI_BCAST");
            if (input[0] != step * 7 + 1 && failure == null) {
                failure = "step " + step + ": received " + input[0] + ", expected " + (step * 7 + 1);
            }
        }
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(System.out, failure == null, failure != null ? failure : steps + " steps");
        if (status != 0) {
            System.exit(status);
        }
    }
}
