package org.qmpi4j.samples.openmpi;

import static org.qmpi4j.samples.JacobiGrid.blockSum;
import static org.qmpi4j.samples.JacobiGrid.firstDifference;
import static org.qmpi4j.samples.JacobiGrid.resultDetail;
import static org.qmpi4j.samples.JacobiGrid.setFrame;
import static org.qmpi4j.samples.JacobiGrid.solveSerially;
import static org.qmpi4j.samples.JacobiGrid.sweep;
import static org.qmpi4j.samples.JacobiGrid.timingLine;

import java.nio.DoubleBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.qmpi4j.samples.SampleReport;

/**
 * Jacobi iteration for the 2D heat (Laplace) equation, the textbook halo-exchange kernel.
 *
 * <p>The {@code n x n} interior of the global grid is split into blocks of whole rows, one block
 * per rank; the frame around it is a fixed boundary (top edge 1.0, left edge 0.5, the other two
 * 0.0, so that every rank's block warms up from the first iteration on). Each iteration a rank
 * swaps its first and last row with the ranks above and below (non-blocking iRecv/iSend completed
 * by one waitAll), relaxes its block, and all ranks agree on the residual, the largest change of
 * any point, with an allReduce(MAX).
 *
 * <p>To check itself every rank also runs the whole problem serially. Both versions update a point
 * with the same expression ({@link org.qmpi4j.samples.JacobiGrid}, shared with the other binding's
 * sample), so the rank's block must equal the serial grid's rows bit for bit, and the reduced
 * residual of every iteration must equal the serial one (a maximum does not depend on the order in
 * which ranks combine it).
 *
 * <p>Usage: {@code Stencil [n] [iterations]} (defaults 64 and 50). Needs {@code n >= ranks}.
 */
public final class Stencil {
    private static final int TAG_DOWN = 1; // a row travelling to the rank below
    private static final int TAG_UP = 2; // a row travelling to the rank above
    private static final int DOUBLE_BYTES = 8;

    private Stencil() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("stencil");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");

        int n = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        if (n < size) {
            // Every rank needs at least one row, or the halo would have to skip over it.
            report.call("MPI_FINALIZE");
            MPI.Finalize();
            System.exit(report.print(System.out, false, "grid of " + n + " rows is smaller than " + size + " ranks"));
        }

        // Interior rows first..first+rows-1 (0-based) are this rank's; the block is spread evenly.
        int rows = n / size + (rank < n % size ? 1 : 0);
        int first = rank * (n / size) + Math.min(rank, n % size);
        int above = rank > 0 ? rank - 1 : -1;
        int below = rank < size - 1 ? rank + 1 : -1;

        // Local block with one halo row above and below and the boundary columns left and right.
        // Global row g (frame included) is local row g - first.
        double[][] u = new double[rows + 2][n + 2];
        double[][] next = new double[rows + 2][n + 2];
        setFrame(u, first, n);
        setFrame(next, first, n);

        // Non-blocking calls in Open MPI's Java bindings need direct buffers.
        DoubleBuffer sendUp = MPI.newDoubleBuffer(n);
        DoubleBuffer sendDown = MPI.newDoubleBuffer(n);
        DoubleBuffer recvAbove = MPI.newDoubleBuffer(n);
        DoubleBuffer recvBelow = MPI.newDoubleBuffer(n);

        double[] serialResidual = new double[iterations];
        double[][] serial = solveSerially(n, iterations, serialResidual);

        String failure = null;
        double[] residual = new double[1];
        double start = MPI.wtime();
        report.call("MPI_WTIME");
        for (int it = 0; it < iterations; it++) {
            // Halo exchange: post the receives first, then the sends, then wait for all of them.
            Request[] requests = new Request[(above >= 0 ? 2 : 0) + (below >= 0 ? 2 : 0)];
            int r = 0;
            if (above >= 0) {
                requests[r++] = MPI.COMM_WORLD.iRecv(recvAbove, n, MPI.DOUBLE, above, TAG_DOWN);
                report.call("MPI_IRECV");
            }
            if (below >= 0) {
                requests[r++] = MPI.COMM_WORLD.iRecv(recvBelow, n, MPI.DOUBLE, below, TAG_UP);
                report.call("MPI_IRECV");
            }
            if (above >= 0) {
                copyToBuffer(u[1], sendUp, n);
                requests[r++] = MPI.COMM_WORLD.iSend(sendUp, n, MPI.DOUBLE, above, TAG_UP);
                report.call("MPI_ISEND");
                report.sent(above, (long) n * DOUBLE_BYTES);
            }
            if (below >= 0) {
                copyToBuffer(u[rows], sendDown, n);
                requests[r++] = MPI.COMM_WORLD.iSend(sendDown, n, MPI.DOUBLE, below, TAG_DOWN);
                report.call("MPI_ISEND");
                report.sent(below, (long) n * DOUBLE_BYTES);
            }
            Request.waitAll(requests);
            report.call("MPI_WAITALL");
            if (above >= 0) {
                copyFromBuffer(recvAbove, u[0], n);
            }
            if (below >= 0) {
                copyFromBuffer(recvBelow, u[rows + 1], n);
            }

            residual[0] = sweep(u, next, rows, n);
            double[][] swap = u;
            u = next;
            next = swap;

            MPI.COMM_WORLD.allReduce(residual, 1, MPI.DOUBLE, MPI.MAX);
            report.call("MPI_ALLREDUCE");
            if (residual[0] != serialResidual[it] && failure == null) {
                failure = "iteration " + it + ": residual " + residual[0] + ", serial " + serialResidual[it];
            }
        }
        double seconds = MPI.wtime() - start;
        report.call("MPI_WTIME");

        // The block must match the serial grid's rows exactly: same operations in the same order.
        if (failure == null) {
            failure = firstDifference(u, serial, first, rows, n);
        }
        double blockSum = blockSum(u, rows, n);
        if (rank == 0) {
            System.out.print(timingLine(n, iterations, size, seconds));
        }

        String detail = failure != null
                ? failure
                : resultDetail(n, iterations, first, rows, blockSum, iterations > 0 ? residual[0] : 0.0);
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(System.out, failure == null, detail);
        if (status != 0) {
            System.exit(status);
        }
    }

    private static void copyToBuffer(double[] row, DoubleBuffer buf, int n) {
        for (int j = 0; j < n; j++) {
            buf.put(j, row[j + 1]);
        }
    }

    private static void copyFromBuffer(DoubleBuffer buf, double[] row, int n) {
        for (int j = 0; j < n; j++) {
            row[j + 1] = buf.get(j);
        }
    }
}
