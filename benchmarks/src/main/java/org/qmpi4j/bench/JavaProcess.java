package org.qmpi4j.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a child process to its end and keeps what it printed and how long it took. */
public final class JavaProcess {
    private JavaProcess() {}

    /** How a child process ended. */
    public static final class Outcome {
        public final List<String> command;
        public final int exitCode;
        public final long nanos;
        public final String stdout;
        public final String stderr;

        Outcome(List<String> command, int exitCode, long nanos, String stdout, String stderr) {
            this.command = command;
            this.exitCode = exitCode;
            this.nanos = nanos;
            this.stdout = stdout;
            this.stderr = stderr;
        }

        public boolean ok() {
            return exitCode == 0;
        }

        public String describe() {
            return "command: " + String.join(" ", command) + "\nexit code: " + exitCode + "\nstdout:\n" + tail(stdout)
                    + "\nstderr:\n" + tail(stderr);
        }

        private static String tail(String s) {
            return s.length() <= 4000 ? s : "...\n" + s.substring(s.length() - 4000);
        }
    }

    /**
     * Runs {@code command} in {@code dir} (the current directory if null); its output goes to files,
     * not pipes, so that reading it never slows the child down. The elapsed time is from just before
     * the start to just after the end is seen.
     *
     * @throws IllegalStateException if it does not end within {@code timeout} (it is killed)
     */
    public static Outcome run(List<String> command, Path dir, Duration timeout) {
        try {
            Path out = Files.createTempFile("qmpi4j-bench", ".out");
            Path err = Files.createTempFile("qmpi4j-bench", ".err");
            try {
                ProcessBuilder pb = new ProcessBuilder(command)
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
                if (dir != null) {
                    pb.directory(dir.toFile());
                }
                long t0 = System.nanoTime();
                Process p = pb.start();
                boolean ended = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
                long nanos = System.nanoTime() - t0;
                if (!ended) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    throw new IllegalStateException("did not end within " + timeout + ": " + String.join(" ", command));
                }
                return new Outcome(
                        List.copyOf(command),
                        p.exitValue(),
                        nanos,
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
