package org.qmpi4j.samples.openmpi;

import java.util.Arrays;
import java.util.Locale;
import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * Point-to-point latency and bandwidth between ranks 0 and 1, the classic ping-pong benchmark.
 *
 * <p>For each message size rank 0 sends a byte array to rank 1, which sends it straight back. The
 * first {@value #WARMUP} round trips per size are warm-up (they pay for connection setup and JIT
 * compilation) and are not timed; the next {@code iterations} are timed one by one, around the
 * send/recv pair only, so that filling and checking the buffers does not count as latency. Rank 0
 * prints half the mean round-trip time and the bandwidth that implies.
 *
 * <p>Every message carries a pattern that depends on the iteration, and both ranks check what they
 * receive, so a stale or corrupted buffer fails the run. Ranks other than 0 and 1 only initialise
 * and finalise.
 *
 * <p>Usage: {@code PingPong [iterations] [--iterations N] [--sizes 0,8,1024]}
 * (defaults: 100 iterations; sizes 0 B to 1 MiB).
 */
public final class PingPong {
    private static final int WARMUP = 10;
    private static final int PING_TAG = 1;
    private static final int PONG_TAG = 2;
    private static final int[] DEFAULT_SIZES = {0, 1, 8, 64, 512, 1 << 10, 8 << 10, 64 << 10, 1 << 20};

    private PingPong() {
    }

    public static void main(String[] args) throws MPIException {
        SampleReport report = new SampleReport("pingpong");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");

        int iterations = 100;
        int[] sizes = DEFAULT_SIZES;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--iterations")) {
                iterations = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--sizes")) {
                sizes = Arrays.stream(args[++i].split(",")).mapToInt(s -> Integer.parseInt(s.trim())).toArray();
            } else {
                iterations = Integer.parseInt(args[i]);
            }
        }

        String failure = null;
        String detail;
        if (size < 2) {
            failure = "needs at least 2 ranks, got " + size;
            detail = failure;
        } else if (rank == 0) {
            // Whole lines per print: printf writes in pieces, and Open MPI tags every write it forwards.
            System.out.print(String.format(Locale.ROOT, "# ping-pong 0 <-> 1, %d iterations per size after %d warm-up%n"
                    + "# %10s %14s %12s%n", iterations, WARMUP, "bytes", "latency[us]", "MB/s"));
            for (int bytes : sizes) {
                byte[] ping = new byte[bytes];
                byte[] pong = new byte[bytes];
                double timed = 0;
                for (int it = 0; it < WARMUP + iterations; it++) {
                    fill(ping, it);
                    boolean measure = it >= WARMUP;
                    double start = 0;
                    if (measure) {
                        start = MPI.wtime();
                        report.call("MPI_WTIME");
                    }
                    MPI.COMM_WORLD.send(ping, bytes, MPI.BYTE, 1, PING_TAG);
                    report.call("MPI_SEND");
                    report.sent(1, bytes);
                    MPI.COMM_WORLD.recv(pong, bytes, MPI.BYTE, 1, PONG_TAG);
                    report.call("MPI_RECV");
                    if (measure) {
                        timed += MPI.wtime() - start;
                        report.call("MPI_WTIME");
                    }
                    int bad = firstMismatch(pong, it);
                    if (bad >= 0 && failure == null) {
                        failure = "echo of " + bytes + " B, iteration " + it + " differs at byte " + bad;
                    }
                }
                // Half a round trip is the one-way latency.
                double latency = iterations > 0 ? timed / iterations / 2 : 0;
                double mbPerSecond = latency > 0 ? bytes / latency / 1e6 : 0;
                System.out.print(String.format(Locale.ROOT, "  %10d %14.2f %12.1f%n", bytes, latency * 1e6, mbPerSecond));
            }
            detail = sizes.length + " sizes x " + iterations + " iterations, echoes verified";
        } else if (rank == 1) {
            long messages = 0;
            for (int bytes : sizes) {
                byte[] buf = new byte[bytes];
                for (int it = 0; it < WARMUP + iterations; it++) {
                    MPI.COMM_WORLD.recv(buf, bytes, MPI.BYTE, 0, PING_TAG);
                    report.call("MPI_RECV");
                    MPI.COMM_WORLD.send(buf, bytes, MPI.BYTE, 0, PONG_TAG);
                    report.call("MPI_SEND");
                    report.sent(0, bytes);
                    messages++;
                    // Checked after echoing, so that the check does not add to rank 0's latency.
                    int bad = firstMismatch(buf, it);
                    if (bad >= 0 && failure == null) {
                        failure = "ping of " + bytes + " B, iteration " + it + " differs at byte " + bad;
                    }
                }
            }
            detail = "echoed " + messages + " messages, contents verified";
        } else {
            detail = "idle";
        }

        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(System.out, failure == null, failure != null ? failure : detail);
        if (status != 0) {
            System.exit(status);
        }
    }

    /** The byte at {@code index} of the message of iteration {@code it}: differs between iterations. */
    private static byte pattern(int it, int index) {
        return (byte) (it * 31 + index * 7 + 1);
    }

    private static void fill(byte[] buf, int it) {
        for (int i = 0; i < buf.length; i++) {
            buf[i] = pattern(it, i);
        }
    }

    /** Returns the index of the first byte that is not the iteration's pattern, or -1. */
    private static int firstMismatch(byte[] buf, int it) {
        for (int i = 0; i < buf.length; i++) {
            if (buf[i] != pattern(it, i)) {
                return i;
            }
        }
        return -1;
    }
}
