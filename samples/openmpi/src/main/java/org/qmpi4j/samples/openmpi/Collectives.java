package org.qmpi4j.samples.openmpi;

import java.util.Locale;
import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * Exercises the common collectives: barrier, bcast, reduce, allreduce, gather, scatter, alltoall,
 * each once per round.
 *
 * <p>Every value is a closed-form function of the sending rank, the receiving rank and the round,
 * so each rank can check each result it receives without trusting any other rank. The root of the
 * rooted collectives moves with the round, so every rank gets to be a root. The allreduce sums
 * multiples of 0.5, which doubles hold exactly, so its result does not depend on the reduction
 * order either.
 *
 * <p>Usage: {@code Collectives [rounds]} (default 5).
 */
public final class Collectives {
    private static final int BCAST_COUNT = 4;
    private static final int PER_RANK = 2; // items per rank in gather and scatter

    private final SampleReport report;
    private final int rank;
    private final int size;
    private String failure;

    private Collectives(SampleReport report, int rank, int size) {
        this.report = report;
        this.rank = rank;
        this.size = size;
    }

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("collectives");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;

        Collectives kernel = new Collectives(report, rank, size);
        double start = MPI.wtime();
        report.call("MPI_WTIME");
        for (int round = 1; round <= rounds; round++) {
            kernel.round(round);
        }
        double seconds = MPI.wtime() - start;
        report.call("MPI_WTIME");
        if (rank == 0) {
            System.out.print(String.format(
                    Locale.ROOT, "# collectives: %d rounds on %d ranks, %.4f s%n", rounds, size, seconds));
        }

        boolean ok = kernel.failure == null;
        String detail = ok ? rounds + " rounds x 7 collectives verified" : kernel.failure;
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(System.out, ok, detail);
        if (status != 0) {
            System.exit(status);
        }
    }

    private void round(int round) throws MPIException {
        // Start each round together, as a timed phase of a real code would.
        MPI.COMM_WORLD.barrier();
        report.call("MPI_BARRIER");

        // bcast: the root's values reach everyone.
        int root = round % size;
        int[] bcast = new int[BCAST_COUNT];
        if (rank == root) {
            for (int k = 0; k < BCAST_COUNT; k++) {
                bcast[k] = 1000 * round + 10 * root + k;
            }
        }
        MPI.COMM_WORLD.bcast(bcast, BCAST_COUNT, MPI.INT, root);
        report.call("MPI_BCAST");
        for (int k = 0; k < BCAST_COUNT; k++) {
            expect("bcast", round, bcast[k], 1000 * round + 10 * root + k);
        }

        // reduce(SUM): {rank + round, rank * round} summed over ranks; only the root has the result.
        int rankSum = size * (size - 1) / 2;
        int[] contribution = {rank + round, rank * round};
        int[] sum = new int[2];
        MPI.COMM_WORLD.reduce(contribution, sum, 2, MPI.INT, MPI.SUM, root);
        report.call("MPI_REDUCE");
        if (rank == root) {
            expect("reduce", round, sum[0], rankSum + size * round);
            expect("reduce", round, sum[1], rankSum * round);
        }

        // allreduce(SUM): (rank + 1) * round / 2 summed over ranks, known to all.
        double[] half = {(rank + 1) * round * 0.5};
        MPI.COMM_WORLD.allReduce(half, 1, MPI.DOUBLE, MPI.SUM);
        report.call("MPI_ALLREDUCE");
        expect("allreduce", round, half[0], size * (size + 1) / 2 * round * 0.5);

        // gather: each rank's pair lands in the root's array at position rank.
        int[] mine = {rank, rank * round};
        int[] gathered = new int[PER_RANK * size];
        MPI.COMM_WORLD.gather(mine, PER_RANK, MPI.INT, gathered, PER_RANK, MPI.INT, root);
        report.call("MPI_GATHER");
        if (rank == root) {
            for (int p = 0; p < size; p++) {
                expect("gather", round, gathered[PER_RANK * p], p);
                expect("gather", round, gathered[PER_RANK * p + 1], p * round);
            }
        }

        // scatter from another root: rank p gets the root's pair number p.
        int scatterRoot = (round + 1) % size;
        int[] toScatter = new int[PER_RANK * size];
        if (rank == scatterRoot) {
            for (int p = 0; p < size; p++) {
                for (int q = 0; q < PER_RANK; q++) {
                    toScatter[PER_RANK * p + q] = scatterValue(round, p, q);
                }
            }
        }
        int[] scattered = new int[PER_RANK];
        MPI.COMM_WORLD.scatter(toScatter, PER_RANK, MPI.INT, scattered, PER_RANK, MPI.INT, scatterRoot);
        report.call("MPI_SCATTER");
        for (int q = 0; q < PER_RANK; q++) {
            expect("scatter", round, scattered[q], scatterValue(round, rank, q));
        }

        // alltoall: rank s sends cell(s, d) to rank d, so rank d receives cell(s, d) from each s.
        int[] outgoing = new int[size];
        for (int d = 0; d < size; d++) {
            outgoing[d] = cell(rank, d, round);
        }
        int[] incoming = new int[size];
        MPI.COMM_WORLD.allToAll(outgoing, 1, MPI.INT, incoming, 1, MPI.INT);
        report.call("MPI_ALLTOALL");
        for (int s = 0; s < size; s++) {
            expect("alltoall", round, incoming[s], cell(s, rank, round));
        }
    }

    private static int scatterValue(int round, int toRank, int item) {
        return 100 * round + 10 * toRank + item;
    }

    private static int cell(int from, int to, int round) {
        return 1_000_000 * from + 1000 * to + round;
    }

    private void expect(String what, int round, int actual, int expected) {
        if (actual != expected && failure == null) {
            failure = what + " in round " + round + ": got " + actual + ", expected " + expected;
        }
    }

    private void expect(String what, int round, double actual, double expected) {
        if (actual != expected && failure == null) {
            failure = what + " in round " + round + ": got " + actual + ", expected " + expected;
        }
    }
}
