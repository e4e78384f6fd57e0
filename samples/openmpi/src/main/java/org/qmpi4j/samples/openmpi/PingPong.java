package org.qmpi4j.samples.openmpi;

import java.util.Arrays;
import java.util.Locale;
import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * Point-to-point latency and bandwidth between ranks 0 and 1, the classic ping-pong benchmark.
 *
 * <p>For each message size rank 0 sends a byte array to rank 1, which sends it straight back. Each
 * round trip is timed on its own, around the send/recv pair only, so that filling and checking the
 * buffers does not count as latency. The first {@code warmup} round trips per size are warm-up
 * (they pay for connection setup and JIT compilation) and are left out of the figures; the next
 * {@code iterations} are measured. Rank 0
 * prints, per size, half the mean round-trip time, the bandwidth that implies, half the median
 * round-trip time, and half the interquartile mean (the mean of the middle half of the round trips).
 * The last two ignore the odd preempted round trip of a busy machine; the interquartile mean also
 * resolves differences smaller than the clock's step, which a median cannot.
 *
 * <p>Every message carries a pattern that depends on the iteration, and both ranks check what they
 * receive, so a stale or corrupted buffer fails the run. Ranks other than 0 and 1 only initialise
 * and finalise. The sample's own count of its calls ({@link SampleReport}) is kept in local
 * counters inside the loops and reported after each size, so that it is not part of the latency.
 *
 * <p>Usage: {@code PingPong [iterations] [--iterations N] [--warmup N] [--sizes 0,8,1024]}
 * (defaults: 100 iterations after 10 warm-up round trips; sizes 0 B to 1 MiB).
 */
public final class PingPong {
    private static final int DEFAULT_WARMUP = 10;
    private static final int PING_TAG = 1;
    private static final int PONG_TAG = 2;
    private static final int[] DEFAULT_SIZES = {0, 1, 8, 64, 512, 1 << 10, 8 << 10, 64 << 10, 1 << 20};

    private PingPong() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("pingpong");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");

        int iterations = 100;
        int warmup = DEFAULT_WARMUP;
        int[] sizes = DEFAULT_SIZES;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--iterations")) {
                iterations = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--warmup")) {
                warmup = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--sizes")) {
                sizes = Arrays.stream(args[++i].split(","))
                        .mapToInt(s -> Integer.parseInt(s.trim()))
                        .toArray();
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
            System.out.print(String.format(
                    Locale.ROOT,
                    "# ping-pong 0 <-> 1, %d iterations per size after %d warm-up%n" + "# %10s %14s %12s %14s %14s%n",
                    iterations,
                    warmup,
                    "bytes",
                    "latency[us]",
                    "MB/s",
                    "median[us]",
                    "iqm[us]"));
            for (int bytes : sizes) {
                byte[] ping = new byte[bytes];
                byte[] pong = new byte[bytes];
                // Every round trip is timed, warm-up included, and only the last `iterations` count: a
                // loop that started timing after the warm-up would leave the JIT's warm-up code on a
                // branch it never saw taken, and the measured round trips would run interpreted.
                double[] roundTrips = new double[warmup + iterations];
                for (int it = 0; it < warmup + iterations; it++) {
                    fill(ping, it);
                    double start = MPI.wtime();
                    MPI.COMM_WORLD.send(ping, bytes, MPI.BYTE, 1, PING_TAG);
                    MPI.COMM_WORLD.recv(pong, bytes, MPI.BYTE, 1, PONG_TAG);
                    roundTrips[it] = MPI.wtime() - start;
                    int bad = firstMismatch(pong, it);
                    if (bad >= 0 && failure == null) {
                        failure = "echo of " + bytes + " B, iteration " + it + " differs at byte " + bad;
                    }
                }
                double[] halfTrips = new double[iterations];
                double timed = 0;
                for (int i = 0; i < iterations; i++) {
                    timed += roundTrips[warmup + i];
                    halfTrips[i] = roundTrips[warmup + i] / 2;
                }
                long wtimes = 2L * (warmup + iterations);
                count(report, 1, warmup + iterations, bytes, wtimes);
                // Half a round trip is the one-way latency.
                double latency = iterations > 0 ? timed / iterations / 2 : 0;
                double mbPerSecond = latency > 0 ? bytes / latency / 1e6 : 0;
                Arrays.sort(halfTrips);
                System.out.print(String.format(
                        Locale.ROOT,
                        "  %10d %14.2f %12.1f %14.3f %14.4f%n",
                        bytes,
                        latency * 1e6,
                        mbPerSecond,
                        median(halfTrips) * 1e6,
                        interquartileMean(halfTrips) * 1e6));
            }
            detail = sizes.length + " sizes x " + iterations + " iterations, echoes verified";
        } else if (rank == 1) {
            long messages = 0;
            for (int bytes : sizes) {
                byte[] buf = new byte[bytes];
                int roundTrips = warmup + iterations;
                for (int it = 0; it < roundTrips; it++) {
                    MPI.COMM_WORLD.recv(buf, bytes, MPI.BYTE, 0, PING_TAG);
                    MPI.COMM_WORLD.send(buf, bytes, MPI.BYTE, 0, PONG_TAG);
                    // Checked after echoing, so that the check does not add to rank 0's latency.
                    int bad = firstMismatch(buf, it);
                    if (bad >= 0 && failure == null) {
                        failure = "ping of " + bytes + " B, iteration " + it + " differs at byte " + bad;
                    }
                }
                count(report, 0, roundTrips, bytes, 0);
                messages += roundTrips;
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

    /** Adds one size's calls to the sample's own count: a send and a recv per round trip. */
    private static void count(SampleReport report, int peer, int roundTrips, int bytes, long wtimes) {
        if (wtimes > 0) {
            report.calls("MPI_WTIME", wtimes);
        }
        if (roundTrips > 0) {
            report.calls("MPI_SEND", roundTrips);
            report.calls("MPI_RECV", roundTrips);
            report.sent(peer, roundTrips, (long) roundTrips * bytes);
        }
    }

    /** The median of {@code sorted}; 0 if there are none. */
    private static double median(double[] sorted) {
        if (sorted.length == 0) {
            return 0;
        }
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** The mean of the middle half of {@code sorted} (all of it when there are fewer than 4); 0 if empty. */
    private static double interquartileMean(double[] sorted) {
        int from = sorted.length >= 4 ? sorted.length / 4 : 0;
        int to = sorted.length >= 4 ? sorted.length - sorted.length / 4 : sorted.length;
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += sorted[i];
        }
        return to > from ? sum / (to - from) : 0;
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
