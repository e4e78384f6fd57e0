package org.qmpi4j.samples.openmpi.features;

import java.util.Arrays;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * {@code MPI_Reduce_local} combines two of this rank's own arrays and involves no other rank:
 * tools that compare collectives across ranks must leave it alone, even when the ranks call it a
 * different number of times, as here (rank 0 twice, the others once).
 */
public final class ReduceLocal {
    private ReduceLocal() {}

    public static void main(String[] args) throws MPIException {
        SampleReport report = new SampleReport("reduce-local");
        MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int[] in = {rank, rank + 1, rank + 2};
        int[] inOut = {10, 20, 30};
        int times = rank == 0 ? 2 : 1;
        for (int i = 0; i < times; i++) {
            Comm.reduceLocal(in, inOut, 3, MPI.INT, MPI.SUM);
            report.call("MPI_REDUCE_LOCAL");
        }
        int[] expected = {10 + times * rank, 20 + times * (rank + 1), 30 + times * (rank + 2)};
        MPI.COMM_WORLD.barrier();
        report.call("MPI_BARRIER");
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        report.print(System.out, Arrays.equals(inOut, expected), "sums " + Arrays.toString(inOut));
    }
}
