package org.qmpi4j.samples.openmpi.features;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * An application that handles MPI errors itself: with {@code MPI.ERRORS_RETURN} on COMM_WORLD it
 * makes {@code calls} barriers (default 5) and catches {@link MPIException} from any of them,
 * printing what it got, e.g. for the {@code fault-inject} sample tool:
 * <pre>
 * QMPI4J-CAUGHT rank=0 call=3 errorClass=16 errorCode=16 isErrOther=true message=...
 * </pre>
 * Its own check passes when every barrier either completed or threw {@link MPIException}.
 */
public final class InjectedFaults {
    private InjectedFaults() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("injected-faults");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        report.call("MPI_COMM_SET_ERRHANDLER");
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int failed = 0;
        for (int k = 1; k <= calls; k++) {
            try {
                MPI.COMM_WORLD.barrier();
            } catch (MPIException e) {
                failed++;
                System.out.println("QMPI4J-CAUGHT rank=" + rank + " call=" + k + " errorClass=" + e.getErrorClass()
                        + " errorCode=" + e.getErrorCode() + " isErrOther=" + (e.getErrorClass() == MPI.ERR_OTHER)
                        + " message=" + e.getMessage());
                System.out.flush();
            }
            report.call("MPI_BARRIER");
        }
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        report.print(System.out, true, calls + " barriers, " + failed + " failed with MPIException");
    }
}
