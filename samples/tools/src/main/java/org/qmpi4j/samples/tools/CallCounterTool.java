package org.qmpi4j.samples.tools;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolProvider;

/**
 * Counts calls per MPI function and per call site, and prints them when the application
 * finalises MPI:
 * <pre>
 * QMPI4J-TOOL counter id=1 rank=0 MPI_FINALIZE=1 MPI_INIT=1 MPI_SEND=3 ...
 * QMPI4J-SITE counter id=1 rank=0 function=MPI_SEND site=org.example.Ring.main(Ring.java:42) calls=3
 * </pre>
 * Each instance keeps its counts in its own storage, so listing it twice gives two independent
 * counts.
 */
public final class CallCounterTool implements ToolProvider {
    /** Per-instance storage. */
    static final class Counts {
        final AtomicLongArray perFunction = new AtomicLongArray(MpiFunction.values().length);
        final Map<String, AtomicLong> perSite = new ConcurrentHashMap<>();
    }

    @Override
    public String name() {
        return "counter";
    }

    @Override
    public String description() {
        return "counts calls per MPI function and call site (sample tool)";
    }

    @Override
    public void initialize(int toolId) {
        Qmpi.registerToolStorage(toolId, new Counts());
        for (MpiFunction f : MpiFunction.values()) {
            Qmpi.registerToolFunction(
                    toolId,
                    f,
                    f == MpiFunction.MPI_FINALIZE ? CallCounterTool::finalizeAndPrint : CallCounterTool::count);
        }
    }

    private static Object count(QmpiContext context, int toolId, MpiCall call) throws Exception {
        record(context, toolId, call);
        return Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
    }

    private static void record(QmpiContext context, int toolId, MpiCall call) {
        Counts counts = Qmpi.getToolStorage(context, toolId);
        counts.perFunction.incrementAndGet(call.function().ordinal());
        CallingAddress at = Qmpi.getCallingAddress(context);
        counts.perSite
                .computeIfAbsent(call.function() + " " + at, k -> new AtomicLong())
                .incrementAndGet();
    }

    private static Object finalizeAndPrint(QmpiContext context, int toolId, MpiCall call) throws Exception {
        record(context, toolId, call);
        Counts counts = Qmpi.getToolStorage(context, toolId);
        int rank = ToolOutput.worldRank(toolId); // before MPI is finalised
        StringBuilder out = new StringBuilder("QMPI4J-TOOL counter id=")
                .append(toolId)
                .append(" rank=")
                .append(rank);
        for (MpiFunction f : MpiFunction.values()) {
            long n = counts.perFunction.get(f.ordinal());
            if (n > 0) {
                out.append(' ').append(f).append('=').append(n);
            }
        }
        out.append('\n');
        new java.util.TreeMap<>(counts.perSite).forEach((key, n) -> {
            int space = key.indexOf(' ');
            out.append("QMPI4J-SITE counter id=")
                    .append(toolId)
                    .append(" rank=")
                    .append(rank)
                    .append(" function=")
                    .append(key, 0, space)
                    .append(" site=")
                    .append(key.substring(space + 1))
                    .append(" calls=")
                    .append(n.get())
                    .append('\n');
        });
        ToolOutput.print(out);
        return Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
    }
}
