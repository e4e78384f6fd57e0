package org.qmpi4j.launch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How an MPI job ended and everything it printed.
 *
 * <p>{@link #rankStdout(int)} is the output of one rank where the runtime separates it (Open MPI's
 * tagged output, one JVM per rank in MPJ niodev, per-thread routing in MPJ multicore); {@link
 * #stdout()} is everything in arrival order.
 */
public final class JobResult {
    private final List<String> command;
    private final int exitCode;
    private final boolean timedOut;
    private final Duration elapsed;
    private final String stdout;
    private final String stderr;
    private final Map<Integer, List<String>> rankStdout;

    public JobResult(
            List<String> command,
            int exitCode,
            boolean timedOut,
            Duration elapsed,
            String stdout,
            String stderr,
            Map<Integer, List<String>> rankStdout) {
        this.command = List.copyOf(command);
        this.exitCode = exitCode;
        this.timedOut = timedOut;
        this.elapsed = elapsed;
        this.stdout = stdout;
        this.stderr = stderr;
        Map<Integer, List<String>> copy = new TreeMap<>();
        rankStdout.forEach((rank, lines) -> copy.put(rank, List.copyOf(lines)));
        this.rankStdout = Collections.unmodifiableMap(copy);
    }

    /** The command line that started the job (for error messages and for users to rerun it). */
    public List<String> command() {
        return command;
    }

    /**
     * Zero only when every rank ended normally. A job stopped at its time limit reports a non-zero
     * code and {@link #timedOut()}.
     */
    public int exitCode() {
        return exitCode;
    }

    public boolean succeeded() {
        return exitCode == 0 && !timedOut;
    }

    public boolean timedOut() {
        return timedOut;
    }

    public Duration elapsed() {
        return elapsed;
    }

    public String stdout() {
        return stdout;
    }

    public String stderr() {
        return stderr;
    }

    /** Lines rank {@code rank} printed to stdout, without any runtime prefix; empty if none. */
    public List<String> rankStdout(int rank) {
        return rankStdout.getOrDefault(rank, List.of());
    }

    /** Ranks that printed anything, ascending. */
    public List<Integer> ranksWithOutput() {
        return new ArrayList<>(rankStdout.keySet());
    }

    /** Lines of all of stdout that start with {@code prefix}. */
    public List<String> linesStartingWith(String prefix) {
        List<String> out = new ArrayList<>();
        for (String line : stdout.split("\n", -1)) {
            String l = line.strip();
            if (l.startsWith(prefix)) {
                out.add(l);
            }
        }
        return out;
    }

    /**
     * One paragraph for a failed assertion: command, exit code, and both streams, long ones cut in
     * the middle: the first failure of a rank is near the start, how the job ended near the end,
     * and a job stopped at its time limit has its JVMs' thread dumps in stdout.
     */
    public String describe() {
        int tail = timedOut ? 40_000 : 6000;
        return "command: " + String.join(" ", command) + "\nexit code: " + exitCode
                + (timedOut ? " (stopped at time limit)" : "") + "\nstdout:\n" + excerpt(stdout, tail)
                + "\nstderr:\n" + excerpt(stderr, tail);
    }

    private static String excerpt(String s, int tail) {
        int head = 4000;
        if (s.length() <= head + tail) {
            return s;
        }
        return s.substring(0, head) + "\n... (" + (s.length() - head - tail) + " characters left out) ...\n"
                + s.substring(s.length() - tail);
    }
}
