package org.qmpi4j.samples.openmpi.features;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * Switches tools off and on with {@code MPI_Pcontrol}: two barriers, {@code pControl(0)}, three
 * barriers and an allreduce, {@code pControl(1)}, one barrier. The sample counts every call it
 * makes; tools must see only the calls made while the level is 1 (and both pControl calls).
 */
public final class PcontrolRegion {
    private PcontrolRegion() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("pcontrol-region");
        MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");

        for (int i = 0; i < 2; i++) {
            MPI.COMM_WORLD.barrier();
            report.call("MPI_BARRIER");
        }
        MPI.pControl(0, null);
        report.call("MPI_PCONTROL");
        for (int i = 0; i < 3; i++) {
            MPI.COMM_WORLD.barrier();
            report.call("MPI_BARRIER");
        }
        int[] value = {rank + 1};
        MPI.COMM_WORLD.allReduce(value, 1, MPI.INT, MPI.SUM);
        report.call("MPI_ALLREDUCE");
        MPI.pControl(1, null);
        report.call("MPI_PCONTROL");
        MPI.COMM_WORLD.barrier();
        report.call("MPI_BARRIER");

        int expected = size * (size + 1) / 2;
        boolean ok = value[0] == expected;
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(
                System.out,
                ok,
                ok
                        ? "allreduce " + value[0] + " as expected"
                        : "allreduce gave " + value[0] + ", expected " + expected);
        if (status != 0) {
            System.exit(status);
        }
    }
}
