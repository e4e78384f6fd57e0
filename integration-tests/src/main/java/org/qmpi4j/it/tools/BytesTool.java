package org.qmpi4j.it.tools;

import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolProvider;

/**
 * Sums what the agent says each data-moving call moves ({@link MpiCall#bytes()}, from the
 * binding's count, datatype and descriptor), per function and peer, in per-instance storage, and
 * prints it at {@code MPI_FINALIZE} together with the identity of that storage:
 * <pre>
 * QMPI4J-BYTES id=2 rank=0 storage=1234567 function=MPI_ISEND peer=1 calls=50 bytes=25600
 * QMPI4J-BYTES id=2 rank=0 storage=1234567 function=MPI_ALLREDUCE peer=- calls=50 bytes=400
 * </pre>
 * Tests compare the sends with the sample's own {@code QMPI4J-P2P} count, and whole tables across
 * bindings; the storage identity shows whether ranks of one JVM share storage.
 */
public final class BytesTool implements ToolProvider {
    /** Per-instance storage: "FUNCTION peer" -> {calls, bytes}; only the rank's own thread writes it. */
    static final class Totals {
        final Map<String, long[]> byFunctionAndPeer = new TreeMap<>();
    }

    @Override
    public String name() {
        return "bytes";
    }

    @Override
    public String description() {
        return "bytes per MPI function and peer (integration-test tool)";
    }

    @Override
    public void initialize(int toolId) {
        Qmpi.registerToolStorage(toolId, new Totals());
        for (MpiFunction f : MpiFunction.values()) {
            if (f.movesData()) {
                Qmpi.registerToolFunction(toolId, f, BytesTool::record);
            }
        }
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_FINALIZE, BytesTool::report);
    }

    private static Object record(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Totals totals = Qmpi.getToolStorage(context, toolId);
        String peer = call.peer() == MpiCall.ABSENT ? "-" : Integer.toString(call.peer());
        synchronized (totals) {
            long[] acc = totals.byFunctionAndPeer.computeIfAbsent(call.function() + " " + peer, k -> new long[2]);
            acc[0]++;
            acc[1] += call.bytes();
        }
        return Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
    }

    private static Object report(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Totals totals = Qmpi.getToolStorage(context, toolId);
        int rank = (Integer) Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_RANK, Qmpi.bindingConstant(toolId, "COMM_WORLD"));
        StringBuilder out = new StringBuilder();
        synchronized (totals) {
            totals.byFunctionAndPeer.forEach((key, acc) -> {
                int space = key.indexOf(' ');
                out.append("QMPI4J-BYTES id=")
                        .append(toolId)
                        .append(" rank=")
                        .append(rank)
                        .append(" storage=")
                        .append(System.identityHashCode(totals))
                        .append(" function=")
                        .append(key, 0, space)
                        .append(" peer=")
                        .append(key.substring(space + 1))
                        .append(" calls=")
                        .append(acc[0])
                        .append(" bytes=")
                        .append(acc[1])
                        .append('\n');
            });
        }
        System.out.print(out);
        System.out.flush();
        return Qmpi.getNextToolFunction(toolId, MpiFunction.MPI_FINALIZE).invoke(context, call);
    }
}
