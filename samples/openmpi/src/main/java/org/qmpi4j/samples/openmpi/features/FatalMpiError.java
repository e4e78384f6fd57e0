package org.qmpi4j.samples.openmpi.features;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * A job ended by a fatal MPI error: COMM_WORLD keeps the default error handler
 * ({@code MPI_ERRORS_ARE_FATAL}), and rank {@code failing} (1 unless given) sends to a rank that
 * does not exist. The library then ends the job from inside the call, without returning to Java:
 * no exception, no {@code MPI_Abort} from the application, no JVM exit of that rank. Before the
 * call, that rank prints its report (the bad send included), so that a test can check what a
 * tool saved. The other ranks wait in a barrier until the launcher stops them.
 *
 * <p>Usage: {@code FatalMpiError [failing]}. Needs at least 2 ranks.
 */
public final class FatalMpiError {
    private static final int TAG = 4;

    private FatalMpiError() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("fatal-mpi-error");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int failing = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        if (rank == failing) {
            report.call("MPI_SEND");
            report.print(System.out, true, "sends to rank " + (size + 5) + " of " + size + " as asked");
            MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, size + 5, TAG);
            System.out.println("rank " + rank + ": the bad send returned, which errors-are-fatal forbids");
        }
        MPI.COMM_WORLD.barrier();
        report.call("MPI_BARRIER");
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        report.print(System.out, true, "finalized (rank " + failing + " should have ended the job)");
    }
}
