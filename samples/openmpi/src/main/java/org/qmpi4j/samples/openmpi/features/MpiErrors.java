package org.qmpi4j.samples.openmpi.features;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * An MPI error reaching the application: with {@code MPI.ERRORS_RETURN} on COMM_WORLD, a send to a
 * rank that does not exist throws {@link MPIException}. The sample prints the exception's class,
 * message and MPI error class ({@code error: ...}), so that tests can check a tool chain passes it
 * through unchanged, then finalises normally.
 */
public final class MpiErrors {
    private static final int TAG = 3;

    private MpiErrors() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("mpi-errors");
        MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        report.call("MPI_COMM_SET_ERRHANDLER");

        String failure = null;
        int[] data = {rank};
        try {
            MPI.COMM_WORLD.send(data, 1, MPI.INT, size + 5, TAG);
            failure = "send to rank " + (size + 5) + " of " + size + " did not throw";
        } catch (MPIException e) {
            System.out.println("error: " + e.getClass().getName() + ": " + e.getMessage() + " errorClass="
                    + e.getErrorClass() + " isRankError=" + (e.getErrorClass() == MPI.ERR_RANK));
            System.out.flush();
            if (e.getErrorClass() != MPI.ERR_RANK) {
                failure = "error class " + e.getErrorClass() + ", expected MPI.ERR_RANK " + MPI.ERR_RANK;
            }
        }
        report.call("MPI_SEND");

        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(
                System.out,
                failure == null,
                failure == null ? "invalid rank raised MPIException with MPI_ERR_RANK" : failure);
        if (status != 0) {
            System.exit(status);
        }
    }
}
