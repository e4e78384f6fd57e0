package org.qmpi4j.samples.openmpi.features;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * The shortest MPI job there is: {@code MPI_Init}, one barrier, {@code MPI_Finalize}. What a
 * short job costs under the agent is measured on it (BENCHMARKS.md, short jobs): nearly all of its
 * time is start-up and shut-down, of the JVM, of MPI and of the agent and its tools. With the
 * environment variable {@value #FINALIZE_TIME} set, its line also says when the rank entered
 * {@code MPI_Finalize} and when it returned ({@code System.nanoTime()}, one clock for every process
 * of a Linux machine), so that the end of a job can be measured from the last rank's
 * {@code MPI_Finalize}, and how long the ranks other than rank 0 are held in it.
 */
public final class InitBarrierFinalize {
    /** The environment variable that adds the {@code MPI_Finalize} entry time to the line. */
    public static final String FINALIZE_TIME = "QMPI4J_SAMPLE_FINALIZE_TIME";

    private InitBarrierFinalize() {}

    public static void main(String[] args) throws MPIException {
        SampleReport report = new SampleReport("init-barrier-finalize");
        MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        MPI.COMM_WORLD.barrier();
        report.call("MPI_BARRIER");
        report.call("MPI_FINALIZE");
        long finalizeEntry = System.nanoTime();
        MPI.Finalize();
        long finalizeReturn = System.nanoTime();
        report.print(
                System.out,
                true,
                "one barrier"
                        + (System.getenv(FINALIZE_TIME) != null
                                ? "; finalize-entry-ns=" + finalizeEntry + " finalize-return-ns=" + finalizeReturn
                                : ""));
    }
}
