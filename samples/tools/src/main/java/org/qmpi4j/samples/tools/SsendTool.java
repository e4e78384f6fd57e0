package org.qmpi4j.samples.tools;

import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolProvider;

/**
 * A correctness tool: continues every {@code MPI_SEND} as {@code MPI_SSEND}, which completes only
 * once the matching receive has started. A program that relies on MPI buffering its standard
 * sends (both partners send first, then receive) then deadlocks instead of working by luck;
 * a correct program is unaffected. Tools after this one in the list see {@code MPI_SSEND}, tools
 * before it {@code MPI_SEND}. At {@code MPI_Finalize} it prints
 * <pre>
 * QMPI4J-SSEND rank=0 converted=3
 * </pre>
 */
public final class SsendTool implements ToolProvider {
    /** Per-instance storage: how many sends became synchronous. */
    static final class Converted {
        final AtomicLong sends = new AtomicLong();
    }

    @Override
    public String name() {
        return "ssend";
    }

    @Override
    public String description() {
        return "continues every MPI_SEND as MPI_SSEND, exposing programs that rely on buffering (sample tool)";
    }

    @Override
    public void initialize(int toolId) {
        Qmpi.registerToolStorage(toolId, new Converted());
        ToolFunction ssend = Qmpi.getNextToolFunction(toolId, MpiFunction.MPI_SSEND); // stable: look up once
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_SEND, (context, id, call) -> {
            Converted converted = Qmpi.getToolStorage(context, id);
            converted.sends.incrementAndGet();
            // Another function through the rest of the chain: this is the call, not a second one.
            return ssend.invoke(context, call.withFunction(MpiFunction.MPI_SSEND));
        });
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_FINALIZE, SsendTool::report);
    }

    private static Object report(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Converted converted = Qmpi.getToolStorage(context, toolId);
        ToolOutput.print(new StringBuilder("QMPI4J-SSEND rank=")
                .append(ToolOutput.worldRank(toolId))
                .append(" converted=")
                .append(converted.sends.get())
                .append('\n'));
        return Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
    }
}
