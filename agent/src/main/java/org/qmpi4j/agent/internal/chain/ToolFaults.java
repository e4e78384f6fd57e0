package org.qmpi4j.agent.internal.chain;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.api.internal.log.Log;

/**
 * What the agent reports about tools on stderr (one object per JVM). Faults: a handler or initialiser that
 * threw, or a handler that did not continue the chain; each is counted, and the first fault of
 * each tool instance is reported with the tool's name, so that a tool failing on every call does
 * not flood a 1000-rank job's output. Notices: something a tool asked for that cannot work (see
 * {@link UnreachableHandlers}, verbose only); each is printed once per JVM, however many MPI
 * processes (MPJ multicore ranks) run in it.
 */
public final class ToolFaults {
    private final Log log;
    private final AtomicLong total = new AtomicLong();

    /** Reports through the agent's logger (stderr). */
    public ToolFaults() {
        this.log = Log.agent();
    }

    /** Reports on {@code err} (tests). */
    public ToolFaults(PrintStream err) {
        this.log = Log.to(err, "qmpi4j:");
    }

    /** Records a fault of {@code instance} while handling {@code what}; reports the instance's first one. */
    public void fault(ToolInstance instance, String what, Throwable cause) {
        total.incrementAndGet();
        raiseEvent(instance, what);
        log.fault(
                key(instance),
                "tool '" + instance.name() + "' (id " + instance.id() + ") failed in " + what
                        + (cause == null ? "" : ": " + cause) + "; the MPI call went ahead unchanged."
                        + " Further faults of this tool are counted, not shown.",
                cause);
    }

    /** The MPI_T event {@code qmpi4j_tool_fault} of the tool's process (nothing if nobody registered). */
    private void raiseEvent(ToolInstance instance, String what) {
        try {
            instance.observer().toolFault(instance.name(), what);
        } catch (RuntimeException e) {
            log.fault("tool-fault-event", "could not raise the MPI_T event of a tool fault: " + e, e);
        }
    }

    private static String key(ToolInstance instance) {
        return "tool-fault:" + instance.id();
    }

    /** In verbose mode, prints {@code line} unless a notice with the same {@code key} was printed before. */
    void verboseOnce(String key, String line) {
        if (Log.verbose()) {
            log.once("notice:" + key, line);
        }
    }

    public long total() {
        return total.get();
    }

    public long of(ToolInstance instance) {
        return log.count(key(instance));
    }
}
