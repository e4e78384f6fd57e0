package org.qmpi4j.samples;

/**
 * The arithmetic of the Stencil samples (Open MPI and MPJ Express), which no MPI call touches: the
 * grid's fixed frame, one Jacobi sweep, the serial solution every rank checks itself against, and
 * the check. Only the halo exchange and the reduction differ between the bindings, and stay in each
 * sample with its own count of those calls.
 *
 * <p>Grids carry a frame: row 0 and column 0 and {@code n + 1} are fixed values, rows
 * {@code 1..rows} and columns {@code 1..n} are relaxed. The top edge is held at {@link #TOP_EDGE},
 * the left at {@link #LEFT_EDGE}, the others at 0.
 */
public final class JacobiGrid {
    public static final double TOP_EDGE = 1.0;
    public static final double LEFT_EDGE = 0.5;

    private JacobiGrid() {}

    /** One Jacobi update. Shared by the parallel and the serial sweep so both round alike. */
    static double relax(double north, double south, double west, double east) {
        return 0.25 * (north + south + west + east);
    }

    /** Relaxes rows 1..rows of {@code u} into {@code next}; returns the largest change. */
    public static double sweep(double[][] u, double[][] next, int rows, int n) {
        double change = 0;
        for (int i = 1; i <= rows; i++) {
            for (int j = 1; j <= n; j++) {
                next[i][j] = relax(u[i - 1][j], u[i + 1][j], u[i][j - 1], u[i][j + 1]);
                change = Math.max(change, Math.abs(next[i][j] - u[i][j]));
            }
        }
        return change;
    }

    /** The whole grid, frame included, after {@code iterations} sweeps; residuals per iteration. */
    public static double[][] solveSerially(int n, int iterations, double[] residuals) {
        double[][] u = new double[n + 2][n + 2];
        double[][] next = new double[n + 2][n + 2];
        setFrame(u, 0, n);
        setFrame(next, 0, n);
        for (int it = 0; it < iterations; it++) {
            residuals[it] = sweep(u, next, n, n);
            double[][] swap = u;
            u = next;
            next = swap;
        }
        return u;
    }

    /** Sets the fixed frame values that fall into {@code grid}, whose row 0 is global row {@code firstRow}. */
    public static void setFrame(double[][] grid, int firstRow, int n) {
        for (int i = 0; i < grid.length; i++) {
            int g = firstRow + i;
            if (g == 0) {
                for (int j = 1; j <= n; j++) {
                    grid[i][j] = TOP_EDGE;
                }
            } else if (g <= n) {
                grid[i][0] = LEFT_EDGE;
            }
        }
    }

    /**
     * {@code null} if rows 1..rows of the block {@code u} equal the serial grid's rows
     * {@code first + 1..first + rows} exactly (same operations in the same order), else the first
     * point that differs.
     */
    public static String firstDifference(double[][] u, double[][] serial, int first, int rows, int n) {
        for (int i = 1; i <= rows; i++) {
            for (int j = 1; j <= n; j++) {
                if (u[i][j] != serial[first + i][j]) {
                    return "point (" + (first + i) + "," + j + ") is " + u[i][j] + ", serial " + serial[first + i][j];
                }
            }
        }
        return null;
    }

    /** The sum of the block's rows 1..rows, columns 1..n. */
    public static double blockSum(double[][] u, int rows, int n) {
        double sum = 0;
        for (int i = 1; i <= rows; i++) {
            for (int j = 1; j <= n; j++) {
                sum += u[i][j];
            }
        }
        return sum;
    }

    /** Rank 0's timing line: {@code # stencil: 64x64 grid, 50 iterations on 4 ranks, 0.1234 s}. */
    public static String timingLine(int n, int iterations, int ranks, double seconds) {
        return String.format(
                java.util.Locale.ROOT,
                "# stencil: %dx%d grid, %d iterations on %d ranks, %.4f s%n",
                n,
                n,
                iterations,
                ranks,
                seconds);
    }

    /**
     * The verified result's detail, which the integration tests read:
     * {@code 64x64, 50 iterations, rows 1-16 sum 237.936667, residual 5.566e-03 match serial}.
     */
    public static String resultDetail(int n, int iterations, int firstRow, int rows, double blockSum, double residual) {
        return String.format(
                java.util.Locale.ROOT,
                "%dx%d, %d iterations, rows %d-%d sum %.6f, residual %.3e match serial",
                n,
                n,
                iterations,
                firstRow + 1,
                firstRow + rows,
                blockSum,
                residual);
    }
}
