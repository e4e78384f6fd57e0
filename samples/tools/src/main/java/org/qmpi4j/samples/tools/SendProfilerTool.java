package org.qmpi4j.samples.tools;

import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolProvider;

/**
 * The MPI standard's profiler example (section 14.4.1) in Java: total bytes sent by
 * {@code MPI_SEND} and total time spent in it, timed with {@code MPI_Wtime} through the
 * name-shifted entry. Prints at {@code MPI_FINALIZE}:
 * <pre>
 * QMPI4J-TOOL send-profiler id=2 rank=0 sends=3 bytes=12 seconds=0.000041
 * </pre>
 */
public final class SendProfilerTool implements ToolProvider {
    /** Per-instance totals; only the thread making the calls updates them in this example. */
    static final class Totals {
        long sends;
        long bytes;
        double seconds;
    }

    @Override
    public String name() {
        return "send-profiler";
    }

    @Override
    public String description() {
        return "total bytes and time in MPI_SEND, the MPI standard's example 14.1 (sample tool)";
    }

    @Override
    public void initialize(int toolId) {
        Qmpi.registerToolStorage(toolId, new Totals());
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_SEND, SendProfilerTool::send);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_FINALIZE, SendProfilerTool::report);
    }

    private static Object send(QmpiContext context, int toolId, MpiCall call) throws Exception {
        double start = wtime(toolId);
        Object result = Qmpi.getNextToolFunction(toolId, MpiFunction.MPI_SEND).invoke(context, call);
        double stop = wtime(toolId);
        Totals totals = Qmpi.getToolStorage(context, toolId);
        synchronized (totals) {
            totals.sends++;
            totals.bytes += call.bytes();
            totals.seconds += stop - start;
        }
        return result;
    }

    private static Object report(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Totals t = Qmpi.getToolStorage(context, toolId);
        StringBuilder out = new StringBuilder("QMPI4J-TOOL send-profiler id=")
                .append(toolId)
                .append(" rank=")
                .append(ToolOutput.worldRank(toolId))
                .append(" sends=")
                .append(t.sends)
                .append(" bytes=")
                .append(t.bytes)
                .append(String.format(" seconds=%.6f%n", t.seconds));
        ToolOutput.print(out);
        return Qmpi.getNextToolFunction(toolId, MpiFunction.MPI_FINALIZE).invoke(context, call);
    }

    private static double wtime(int toolId) throws Exception {
        return (Double) Qmpi.pmpi(toolId, MpiFunction.MPI_WTIME, null);
    }
}
