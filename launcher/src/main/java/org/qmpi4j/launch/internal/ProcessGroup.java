package org.qmpi4j.launch.internal;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The processes of one job, one per rank, started, watched and stopped together. A job ends when
 * every rank has exited, or as soon as one rank exits with a non-zero status, the time limit passes
 * or {@link #abort} is called; in the last three cases all ranks still running are stopped (their
 * whole process trees), because the others would wait for the failed rank forever.
 *
 * <p>Each rank's stdout is kept unprefixed per rank; the combined streams tag every line with the
 * rank in Open MPI's {@code --tag-output} format, {@code [1,<rank>]<stdout>:<line>}.
 */
public final class ProcessGroup {
    private static final Duration GRACE = Duration.ofSeconds(5);
    private static final int ABORTED = -2;

    private final boolean echo;
    private final List<Process> processes = new ArrayList<>();
    private final List<ProcessRunner.StreamCollector> collectors = new ArrayList<>();
    private final Map<Integer, List<String>> rankStdout = new TreeMap<>();
    private final StringBuilder stdout = new StringBuilder();
    private final StringBuilder stderr = new StringBuilder();
    private final BlockingQueue<Integer> exits = new LinkedBlockingQueue<>();
    private volatile String abortReason;

    /** How the job ended. */
    public static final class Outcome {
        /** 0, or the status of the first rank that failed; 124 after the time limit, 1 after abort. */
        public final int exitCode;

        public final boolean timedOut;
        public final Duration elapsed;

        Outcome(int exitCode, boolean timedOut, Duration elapsed) {
            this.exitCode = exitCode;
            this.timedOut = timedOut;
            this.elapsed = elapsed;
        }
    }

    public ProcessGroup(boolean echo) {
        this.echo = echo;
    }

    /** Starts the process of rank {@code rank} (ranks must be started in order 0, 1, ...). */
    public void start(int rank, List<String> command, Map<String, String> extraEnv, Path workDir) throws IOException {
        if (rank != processes.size()) {
            throw new IllegalArgumentException("ranks must be started in order; expected " + processes.size());
        }
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(extraEnv);
        if (workDir != null) {
            pb.directory(workDir.toFile());
        }
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process p = pb.start();
        processes.add(p);
        synchronized (rankStdout) {
            rankStdout.put(rank, new ArrayList<>());
        }
        collect(new ProcessRunner.StreamCollector(p.getInputStream(), line -> stdoutLine(rank, line)));
        collect(new ProcessRunner.StreamCollector(p.getErrorStream(), line -> stderrLine(rank, line)));
        p.onExit().thenRun(() -> exits.add(rank));
    }

    /** Makes {@link #await} stop all ranks and fail, e.g. when the launcher's own part broke. */
    public void abort(String reason) {
        abortReason = reason;
        exits.add(ABORTED);
    }

    /** A message of the launcher, added untagged to the combined stderr (and echoed). */
    public void note(String message) {
        appendLine(stderr, "qmpi4j-launch: " + message, echo ? System.err : null);
    }

    /** Waits for the end of the job, at most {@code timeout} from {@code startNanos}; see class doc. */
    public Outcome await(long startNanos, Duration timeout) throws IOException {
        long deadline = startNanos + timeout.toNanos();
        int running = processes.size();
        int exitCode = 0;
        boolean timedOut = false;
        try {
            while (running > 0) {
                Integer rank = exits.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (rank == null) {
                    timedOut = true;
                    note("time limit of " + timeout + " reached; stopping all ranks");
                    for (Process p : processes) {
                        ProcessRunner.dumpJavaThreads(p);
                    }
                    exitCode = 124; // like timeout(1)
                    break;
                }
                if (rank == ABORTED) {
                    note(abortReason + "; stopping all ranks");
                    exitCode = 1;
                    break;
                }
                running--;
                int status = processes.get(rank).exitValue();
                if (status != 0) {
                    note("rank " + rank + " exited with status " + status + "; stopping the other ranks");
                    exitCode = status;
                    break;
                }
            }
        } catch (InterruptedException e) {
            stopAll();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the ranks", e);
        }
        stopAll();
        for (ProcessRunner.StreamCollector c : collectors) {
            try {
                c.join(GRACE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return new Outcome(exitCode, timedOut, Duration.ofNanos(System.nanoTime() - startNanos));
    }

    /** Stops every rank still running, with its process tree. */
    public void stopAll() {
        List<Process> alive = new ArrayList<>();
        for (Process p : processes) {
            if (p.isAlive()) {
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy(); // SIGTERM first: the JVM's shutdown hooks still run
                alive.add(p);
            }
        }
        for (Process p : alive) {
            ProcessRunner.stopTree(p);
        }
    }

    /** All ranks' stdout, lines tagged with their rank, in arrival order. */
    public String stdout() {
        synchronized (stdout) {
            return stdout.toString();
        }
    }

    /** All ranks' stderr, lines tagged with their rank, plus the launcher's notes. */
    public String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    /** The stdout lines of each rank that printed any, unprefixed. */
    public Map<Integer, List<String>> rankStdout() {
        synchronized (rankStdout) {
            Map<Integer, List<String>> copy = new TreeMap<>();
            rankStdout.forEach((rank, lines) -> {
                synchronized (lines) {
                    if (!lines.isEmpty()) {
                        copy.put(rank, new ArrayList<>(lines));
                    }
                }
            });
            return copy;
        }
    }

    private void collect(ProcessRunner.StreamCollector c) {
        collectors.add(c);
        c.start();
    }

    private void stdoutLine(int rank, String line) {
        List<String> lines;
        synchronized (rankStdout) {
            lines = rankStdout.get(rank);
        }
        synchronized (lines) {
            lines.add(line);
        }
        appendLine(stdout, RankOutput.tag(rank, "stdout") + line, echo ? System.out : null);
    }

    private void stderrLine(int rank, String line) {
        appendLine(stderr, RankOutput.tag(rank, "stderr") + line, echo ? System.err : null);
    }

    private static void appendLine(StringBuilder sink, String line, PrintStream echo) {
        synchronized (sink) {
            sink.append(line).append('\n');
        }
        if (echo != null) {
            echo.println(line);
        }
    }
}
