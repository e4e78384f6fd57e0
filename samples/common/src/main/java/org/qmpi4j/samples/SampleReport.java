package org.qmpi4j.samples;

import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a sample computed about itself, printed in a line format that tests and users can parse.
 *
 * <p>Every sample checks its own numerical result and also keeps its own count of the MPI calls it
 * makes (by the MPI standard's upper-case function name, e.g. {@code MPI_SEND}) and of the bytes and
 * messages it sends to each peer with point-to-point operations. Tools that intercept MPI must
 * arrive at the same numbers, so tests compare the two. The sample's own count is the ground truth
 * because it is written next to each call in the sample's source.
 *
 * <p>Lines, one rank each, printed at the end by {@link #print}:
 * <pre>
 * QMPI4J-SAMPLE rank=0 sample=ring result=OK detail=token 6 after 3 laps
 * QMPI4J-CALLS rank=0 MPI_INIT=1 MPI_RECV=3 MPI_SEND=3 ...
 * QMPI4J-P2P rank=0 peer=1 messages=3 bytes=12
 * </pre>
 * {@code result=FAIL} means the numerical check failed; the sample then exits with status 1.
 *
 * <p>Not thread safe: samples count from the thread that makes the calls.
 */
public final class SampleReport {
    public static final String RESULT_PREFIX = "QMPI4J-SAMPLE";
    public static final String CALLS_PREFIX = "QMPI4J-CALLS";
    public static final String P2P_PREFIX = "QMPI4J-P2P";

    private final String sample;
    private int rank = -1;
    private final Map<String, Long> calls = new TreeMap<>();
    private final Map<Integer, long[]> sentToPeer = new TreeMap<>();

    public SampleReport(String sample) {
        this.sample = sample;
    }

    /** Sets the rank printed on every line; call it once the rank is known. */
    public void rank(int rank) {
        this.rank = rank;
    }

    /** Counts one call of the MPI function with the standard's name, e.g. {@code "MPI_SEND"}. */
    public void call(String mpiFunction) {
        calls(mpiFunction, 1);
    }

    /** Counts {@code n} calls of the MPI function. */
    public void calls(String mpiFunction, long n) {
        calls.merge(mpiFunction, n, Long::sum);
    }

    /** Records one point-to-point message of {@code bytes} bytes sent to {@code peer}. */
    public void sent(int peer, long bytes) {
        long[] acc = sentToPeer.computeIfAbsent(peer, p -> new long[2]);
        acc[0]++;
        acc[1] += bytes;
    }

    /** Records {@code messages} point-to-point messages to {@code peer}, {@code bytes} bytes in all. */
    public void sent(int peer, long messages, long bytes) {
        long[] acc = sentToPeer.computeIfAbsent(peer, p -> new long[2]);
        acc[0] += messages;
        acc[1] += bytes;
    }

    public long callsOf(String mpiFunction) {
        return calls.getOrDefault(mpiFunction, 0L);
    }

    /**
     * Prints the report lines to {@code out} and returns the exit status the sample should end with:
     * 0 when {@code ok}, 1 otherwise.
     */
    public int print(PrintStream out, boolean ok, String detail) {
        StringBuilder sb = new StringBuilder();
        sb.append(RESULT_PREFIX)
                .append(" rank=")
                .append(rank)
                .append(" sample=")
                .append(sample)
                .append(" result=")
                .append(ok ? "OK" : "FAIL")
                .append(" detail=")
                .append(detail)
                .append('\n');
        sb.append(CALLS_PREFIX).append(" rank=").append(rank);
        calls.forEach((f, n) -> sb.append(' ').append(f).append('=').append(n));
        sb.append('\n');
        sentToPeer.forEach((peer, acc) -> sb.append(P2P_PREFIX)
                .append(" rank=")
                .append(rank)
                .append(" peer=")
                .append(peer)
                .append(" messages=")
                .append(acc[0])
                .append(" bytes=")
                .append(acc[1])
                .append('\n'));
        // One write, so that lines of a rank stay together when ranks share the launcher's stdout.
        out.print(sb);
        out.flush();
        return ok ? 0 : 1;
    }
}
