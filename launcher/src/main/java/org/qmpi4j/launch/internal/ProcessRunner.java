package org.qmpi4j.launch.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs one external command to completion or to its time limit, collecting both streams. At the
 * limit it asks the command to stop (SIGTERM, which lets {@code mpirun} tear down its ranks), and
 * after a grace period kills the whole process tree, so that no rank outlives a test.
 */
public final class ProcessRunner {
    private static final Duration GRACE = Duration.ofSeconds(5);

    /** What the command did. */
    public static final class Outcome {
        public final int exitCode;
        public final boolean timedOut;
        public final Duration elapsed;
        public final String stdout;
        public final String stderr;

        Outcome(int exitCode, boolean timedOut, Duration elapsed, String stdout, String stderr) {
            this.exitCode = exitCode;
            this.timedOut = timedOut;
            this.elapsed = elapsed;
            this.stdout = stdout;
            this.stderr = stderr;
        }
    }

    private ProcessRunner() {}

    public static Outcome run(
            List<String> command, Map<String, String> extraEnv, Path workDir, Duration timeout, boolean echo)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(extraEnv);
        if (workDir != null) {
            pb.directory(workDir.toFile());
        }
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        long start = System.nanoTime();
        Process process = pb.start();
        StreamCollector out = new StreamCollector(process.getInputStream(), echo ? System.out : null);
        StreamCollector err = new StreamCollector(process.getErrorStream(), echo ? System.err : null);
        out.start();
        err.start();
        boolean timedOut = false;
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                timedOut = true;
                dumpJavaThreads(process);
                stopTree(process);
            }
            out.join(GRACE.toMillis());
            err.join(GRACE.toMillis());
        } catch (InterruptedException e) {
            stopTree(process);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + command.get(0), e);
        }
        int exit = process.isAlive() ? -1 : process.exitValue();
        if (timedOut) {
            exit = 124; // like timeout(1): a job stopped at its limit never counts as a success
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        return new Outcome(exit, timedOut, elapsed, out.text(), err.text());
    }

    /**
     * Asks every JVM of the tree of {@code process} (itself included) for a thread dump, which
     * each prints on its own standard output, collected with the job's: a job that hangs until its
     * time limit then shows where every rank stood. Waits a moment for the dumps to be written.
     */
    public static void dumpJavaThreads(Process process) {
        List<ProcessHandle> tree = new java.util.ArrayList<>();
        tree.add(process.toHandle());
        process.descendants().forEach(tree::add);
        boolean asked = false;
        for (ProcessHandle h : tree) {
            String cmd = h.info().command().orElse("");
            if (h.isAlive() && (cmd.endsWith("/java") || cmd.equals("java"))) {
                try {
                    new ProcessBuilder("kill", "-QUIT", Long.toString(h.pid()))
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start()
                            .waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
                    asked = true;
                } catch (IOException e) {
                    return; // no kill(1): the job is stopped without dumps
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        if (asked) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Stops {@code process} and everything it started: SIGTERM first (so a JVM runs its shutdown
     * hooks and {@code mpirun} tears down its ranks), then after a grace period a forced kill of
     * the whole tree.
     */
    public static void stopTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().collect(java.util.stream.Collectors.toList());
        process.destroy();
        try {
            process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        descendants.forEach(ProcessHandle::destroyForcibly);
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /**
     * Drains one stream on its own thread (so neither pipe can fill and block the job), keeping
     * the text and handing each line to an optional sink as it arrives.
     */
    public static final class StreamCollector extends Thread {
        private final InputStream in;
        private final Consumer<String> sink;
        private final StringBuilder text = new StringBuilder();

        StreamCollector(InputStream in, PrintStream echo) {
            this(in, echo == null ? null : (Consumer<String>) echo::println);
        }

        /** Collects {@code in}; {@code sink} (may be null) sees every line, without its newline. */
        public StreamCollector(InputStream in, Consumer<String> sink) {
            super("qmpi4j-launch-stream");
            setDaemon(true);
            this.in = in;
            this.sink = sink;
        }

        @Override
        public void run() {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (text) {
                        text.append(line).append('\n');
                    }
                    if (sink != null) {
                        sink.accept(line);
                    }
                }
            } catch (IOException e) {
                synchronized (text) {
                    text.append("[qmpi4j-launch: stream closed: ")
                            .append(e.getMessage())
                            .append("]\n");
                }
            }
        }

        /** Everything read so far. */
        public String text() {
            synchronized (text) {
                return text.toString();
            }
        }
    }
}
