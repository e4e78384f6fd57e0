package org.qmpi4j.api.output;

import java.io.PrintStream;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.internal.log.OutputTrouble;
import org.qmpi4j.api.settings.Setting;

/**
 * Keeps one rank's files of one tool up to date while the application runs, so that a job that
 * crashes or is killed leaves what was measured: a daemon thread flushes every
 * {@link #FLUSH_SECONDS}, and a JVM shutdown hook flushes when the process exits without having
 * {@linkplain #stop() stopped} (an uncaught exception, {@code System.exit}, SIGTERM). The tool
 * calls {@link #flush} itself at {@code MPI_Pcontrol(2)} and before {@code MPI_Abort} goes ahead.
 *
 * <p>Faults: an exception from the tool's {@link Flusher}, or one the tool hands to
 * {@link #fault}, never reaches the application; the first is reported on stderr in one line,
 * {@code qmpi4j <tool>: failed <what>: <exception> (the application continues; further failures
 * are not shown)}, the others are counted ({@link #faults()}). A file system that refuses the
 * files is the job's to say, once (see {@link #fault}).
 */
public final class RankOutput {
    /** The setting {@code flush-seconds}: how often each rank brings its own files up to date. */
    public static final Setting<Double> FLUSH_SECONDS =
            Setting.seconds("flush-seconds", 10, "how often each rank brings its own files up to date during the run");

    /** Why the files are being flushed. */
    public enum Reason {
        /** The flushing thread's turn, every {@link #FLUSH_SECONDS}. */
        PERIODIC,
        /** The application called {@code MPI_Pcontrol(2)}. */
        PCONTROL,
        /** The application called {@code MPI_Abort}, which ends the job without returning. */
        ABORT,
        /** The JVM is exiting before the tool stopped (before {@code MPI_Finalize}). */
        EXIT
    }

    /** The tool's part: brings this rank's files up to date. */
    @FunctionalInterface
    public interface Flusher {
        void flush(Reason reason) throws Exception;
    }

    private static final String FAULT = "fault";

    private final String toolName;
    private final Flusher flusher;
    private final Log log;
    private volatile boolean stopped;
    private volatile boolean started;
    private volatile @Nullable Thread thread;
    private final AtomicLong outputFaults = new AtomicLong();

    /** For tool {@code toolName} (the name in messages and thread names); messages go to stderr. */
    public RankOutput(String toolName, Flusher flusher) {
        this(toolName, flusher, Log.tool(toolName));
    }

    /** As above, with messages to {@code err}. */
    public RankOutput(String toolName, Flusher flusher, PrintStream err) {
        this(toolName, flusher, Log.to(err, "qmpi4j " + toolName + ":"));
    }

    private RankOutput(String toolName, Flusher flusher, Log log) {
        this.toolName = Objects.requireNonNull(toolName, "toolName");
        this.flusher = Objects.requireNonNull(flusher, "flusher");
        this.log = log;
    }

    /**
     * Starts flushing every {@code seconds} (thread {@code qmpi4j-<tool>-flush}) and at exit
     * (hook {@code qmpi4j-<tool>-exit}). Call it once, when the first file is written.
     */
    public synchronized void start(double seconds) {
        if (started) {
            return;
        }
        started = true;
        Runtime.getRuntime().addShutdownHook(new Thread(new Flushing(0), "qmpi4j-" + toolName + "-exit"));
        Thread t = new Thread(new Flushing(Math.max(1, (long) (seconds * 1000))), "qmpi4j-" + toolName + "-flush");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /**
     * The flush thread ({@code every > 0}: flushes every so many milliseconds until stopped) or the
     * exit hook ({@code every == 0}: one last flush). A named class rather than two lambdas, which
     * spin classes at every short job's start.
     */
    private final class Flushing implements Runnable {
        private final long every;

        Flushing(long every) {
            this.every = every;
        }

        @Override
        public void run() {
            if (every == 0) {
                if (!stopped) {
                    flush(Reason.EXIT);
                }
                return;
            }
            try {
                while (!stopped) {
                    Thread.sleep(every);
                    if (!stopped) {
                        flush(Reason.PERIODIC);
                    }
                }
            } catch (InterruptedException stop) {
                // stopped
            }
        }
    }

    /** Flushes now unless stopped; a failure is reported as a {@link #fault}. */
    public void flush(Reason reason) {
        if (stopped) {
            return;
        }
        try {
            flusher.flush(reason);
        } catch (Exception | LinkageError e) {
            fault("flushing its files (" + reason.name().toLowerCase(java.util.Locale.ROOT) + ")", e);
        }
    }

    /** No more flushing: the tool wrote its final files (at {@code MPI_Finalize}). */
    public void stop() {
        stopped = true;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    /** Whether {@link #stop} was called. */
    public boolean stopped() {
        return stopped;
    }

    /**
     * Reports a failure of the tool while doing {@code what}: the first one in a line, the others
     * counted. A file system that refuses the results (full, read-only) is kept for the job's one
     * line at the end instead ({@link OutputTrouble}): every tool of every rank meets it at once.
     */
    public void fault(String what, Throwable cause) {
        if (OutputTrouble.isOutputFault(cause)) {
            outputFaults.incrementAndGet();
            OutputTrouble.record(toolName + ": " + what, cause);
            return;
        }
        log.fault(
                FAULT,
                "failed " + what + ": " + cause + " (the application continues; further failures are not shown)",
                cause);
    }

    /** How many faults were reported or counted. */
    public long faults() {
        return log.count(FAULT) + outputFaults.get();
    }

    /** Prints {@code message} with the tool's prefix ({@code qmpi4j <tool>: }), always. */
    public void say(String message) {
        log.warn(message);
    }

    /** Prints {@code message} with the tool's prefix once per {@code key}. */
    public void sayOnce(String key, String message) {
        log.once(key, message);
    }
}
