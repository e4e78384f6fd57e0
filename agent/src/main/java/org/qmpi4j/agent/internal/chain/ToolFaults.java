package org.qmpi4j.agent.internal.chain;

import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the agent reports about tools on stderr (one object per JVM). Faults: a handler or initialiser that
 * threw, or a handler that did not continue the chain; each is counted, and the first fault of
 * each tool instance is reported with the tool's name, so that a tool failing on every call does
 * not flood a 1000-rank job's output. Notices: something a tool asked for that cannot work (see
 * {@link UnreachableHandlers}); each is printed once per JVM, however many MPI processes (MPJ
 * multicore ranks) run in it.
 */
public final class ToolFaults {
    private final PrintStream err;
    private final AtomicLong total = new AtomicLong();
    private final ConcurrentMap<Integer, AtomicLong> perInstance = new ConcurrentHashMap<>();
    private final Set<String> noticed = ConcurrentHashMap.newKeySet();

    public ToolFaults(PrintStream err) {
        this.err = err;
    }

    /** Records a fault of {@code instance} while handling {@code what}; reports the instance's first one. */
    public void fault(ToolInstance instance, String what, Throwable cause) {
        total.incrementAndGet();
        AtomicLong n = perInstance.computeIfAbsent(instance.id(), k -> new AtomicLong());
        if (n.getAndIncrement() == 0) {
            err.println("qmpi4j: tool '" + instance.name() + "' (id " + instance.id() + ") failed in " + what
                    + (cause == null ? "" : ": " + cause) + "; the MPI call went ahead unchanged."
                    + " Further faults of this tool are counted, not shown.");
            if (cause != null && Boolean.getBoolean("qmpi4j.debug")) {
                cause.printStackTrace(err);
            }
        }
    }

    /** Prints {@code line} unless a notice with the same {@code key} was printed before. */
    void noticeOnce(String key, String line) {
        if (noticed.add(key)) {
            err.println(line);
        }
    }

    public long total() {
        return total.get();
    }

    public long of(ToolInstance instance) {
        AtomicLong n = perInstance.get(instance.id());
        return n == null ? 0 : n.get();
    }
}
