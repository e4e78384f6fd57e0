package org.qmpi4j.samples.openmpi.features;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * Every {@code MPI_Pcontrol} level a profiler gives a meaning to, in order: two barriers,
 * {@code pControl(2)} (flush: a snapshot), one barrier, {@code pControl(3)} (verbose report now),
 * {@code pControl(4)} (concise report now), {@code pControl(0)} (off), three barriers not to be
 * counted, {@code pControl(1)} (on), one barrier. The sample counts every call it makes.
 */
public final class PcontrolLevels {
    private PcontrolLevels() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("pcontrol-levels");
        MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);

        barriers(report, 2);
        MPI.pControl(2, null);
        report.call("MPI_PCONTROL");
        barriers(report, 1);
        MPI.pControl(3, null);
        report.call("MPI_PCONTROL");
        MPI.pControl(4, null);
        report.call("MPI_PCONTROL");
        MPI.pControl(0, null);
        report.call("MPI_PCONTROL");
        barriers(report, 3);
        MPI.pControl(1, null);
        report.call("MPI_PCONTROL");
        barriers(report, 1);

        report.call("MPI_FINALIZE");
        MPI.Finalize();
        report.print(System.out, true, "levels 2, 3, 4, 0, 1 in order");
    }

    private static void barriers(SampleReport report, int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            MPI.COMM_WORLD.barrier();
            report.call("MPI_BARRIER");
        }
    }
}
