package org.qmpi4j.api.internal.log;

import java.io.PrintStream;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.qmpi4j.api.Nullable;

/**
 * Lines on stderr, each starting with a prefix ({@code qmpi4j:} for the agent,
 * {@code qmpi4j <tool>:} for a bundled tool). Quiet by default: {@link #warn} and the
 * report-once methods always print (they say something went wrong or will not work), while
 * {@link #info} and the stack traces of {@link #fault} print only when the one switch,
 * the setting {@code verbose}, is on ({@link #setVerbose}).
 *
 * <p>Report-once: a job of 1000 ranks whose tool fails on every call must print one line per
 * rank, not one per call. Each {@link #once}/{@link #fault} key prints its first occurrence and
 * counts the rest ({@link #count}).
 */
public final class Log {
    private static volatile boolean verbose;
    private static final Log AGENT = new Log("qmpi4j:", null);

    private final String prefix;
    /** Where lines go; {@code null}: {@code System.err} as it is when the line is written. */
    private final @Nullable Consumer<String> sink;

    private final ConcurrentMap<String, AtomicLong> occurrences = new ConcurrentHashMap<>();

    private Log(String prefix, @Nullable Consumer<String> sink) {
        this.prefix = prefix;
        this.sink = sink;
    }

    /** The agent's logger (prefix {@code qmpi4j:}), one per JVM. */
    public static Log agent() {
        return AGENT;
    }

    /** A new logger of bundled tool {@code toolName} (prefix {@code qmpi4j <toolName>:}), with its own report-once keys. */
    public static Log tool(String toolName) {
        return new Log("qmpi4j " + toolName + ":", null);
    }

    /** A new logger writing to {@code err} with {@code prefix} (e.g. {@code "qmpi4j:"}); for callers given a stream, and tests. */
    public static Log to(PrintStream err, String prefix) {
        return new Log(prefix, new PrintLines(err));
    }

    /** A new logger handing each whole line (prefix included) to {@code lines}; a sink that throws is ignored. */
    public static Log lines(Consumer<String> lines, String prefix) {
        return new Log(prefix, lines);
    }

    /** The one switch: on, {@link #info} lines and stack traces of faults are printed too. */
    public static void setVerbose(boolean on) {
        verbose = on;
    }

    public static boolean verbose() {
        return verbose;
    }

    /** This logger's prefix, e.g. {@code qmpi4j tracer:}. */
    public String prefix() {
        return prefix;
    }

    /** Prints {@code message}, always. */
    public void warn(String message) {
        write(prefix + " " + message);
    }

    /** Prints a whole line that already carries its prefix (an exception message written for the user), always. */
    public void raw(String line) {
        write(line);
    }

    /** Prints {@code message} only when verbose. */
    public void info(String message) {
        if (verbose) {
            write(prefix + " " + message);
        }
    }

    /**
     * Counts an occurrence of {@code key} and prints {@code message} if it is the first.
     *
     * @return whether the line was printed
     */
    public boolean once(String key, String message) {
        if (occurrence(key) != 0) {
            return false;
        }
        warn(message);
        return true;
    }

    /**
     * As {@link #once}, for a line every rank of the job would print alike (say, about the
     * settings they all share): printed by world rank 0 only ({@link JobVoice}).
     */
    public void oncePerJob(String key, String message) {
        if (occurrence(key) == 0) {
            JobVoice.say(this, prefix + " " + message);
        }
    }

    /**
     * Counts an occurrence of {@code key}; returns how many came before. Without a lambda, as
     * {@link PrintLines}: the first report-once line often comes on a job's start path.
     */
    private long occurrence(String key) {
        AtomicLong n = occurrences.get(key);
        if (n == null) {
            AtomicLong fresh = new AtomicLong();
            n = occurrences.putIfAbsent(key, fresh);
            if (n == null) {
                n = fresh;
            }
        }
        return n.getAndIncrement();
    }

    /** As {@link #once}, with the cause's stack trace after the line when verbose. */
    public boolean fault(String key, String message, Throwable cause) {
        if (!once(key, message)) {
            return false;
        }
        if (cause != null && verbose) {
            java.io.StringWriter trace = new java.io.StringWriter();
            cause.printStackTrace(new java.io.PrintWriter(trace));
            write(trace.toString().stripTrailing());
        }
        return true;
    }

    /** How often {@link #once} or {@link #fault} was called with {@code key}. */
    public long count(String key) {
        AtomicLong n = occurrences.get(key);
        return n == null ? 0 : n.get();
    }

    void write(String line) {
        try {
            if (sink == null) {
                System.err.println(line);
                System.err.flush();
            } else {
                sink.accept(line);
            }
        } catch (RuntimeException ignored) {
            // a broken sink must never reach the application's call
        }
    }

    /**
     * Prints each line to a stream and flushes it. A named class rather than a lambda: loggers are
     * made in every JVM a tool starts in, where a lambda would spin a hidden class (and, as the
     * JVM's first, load the lambda machinery) on the start path.
     */
    private static final class PrintLines implements Consumer<String> {
        private final PrintStream err;

        PrintLines(PrintStream err) {
            this.err = err;
        }

        @Override
        public void accept(String line) {
            err.println(line);
            err.flush();
        }
    }
}
