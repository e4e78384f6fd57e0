package org.qmpi4j.samples.tools;

import java.util.concurrent.atomic.LongAdder;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * Counts point-to-point messages through the agent's MPI_T events instead of intercepting the
 * calls itself: at initialisation it registers for {@code qmpi4j_send_started} and
 * {@code qmpi4j_receive_completed} (the agent then watches the send and receive functions, and
 * only those); each callback counts, and reads the bytes element of a send while it runs (event
 * data are readable only inside the callback). After the application's {@code MPI_Finalize} it
 * prints
 * <pre>
 * QMPI4J-EVENTS rank=0 sends=3 receives=3 send_bytes=12
 * </pre>
 * The callbacks are registered as {@link CallbackSafety#THREAD_SAFE}, the level the agent raises
 * its events at: they may run on any application thread, inside an MPI call, so they only add to
 * thread-safe counters.
 */
public final class EventCountsTool implements ToolProvider {
    /** Per-instance storage: the interface, the registrations and the counts. */
    static final class Counts {
        MpiT mpit;
        EventRegistration sendRegistration;
        EventRegistration receiveRegistration;
        final LongAdder sends = new LongAdder();
        final LongAdder receives = new LongAdder();
        final LongAdder sendBytes = new LongAdder();
        final LongAdder dropped = new LongAdder();
    }

    @Override
    public String name() {
        return "event-counts";
    }

    @Override
    public String description() {
        return "counts sends, receives and bytes sent through the agent's MPI_T events (sample tool)";
    }

    @Override
    public void initialize(int toolId) {
        Counts c = new Counts();
        c.mpit = Qmpi.mpit(toolId);
        c.mpit.initThread(ThreadLevel.MULTIPLE);
        int bytesElement = elementIndex(c.mpit, "qmpi4j_send_started", "bytes");
        c.sendRegistration = c.mpit.eventHandleAlloc(c.mpit.eventGetIndex("qmpi4j_send_started"), null, null);
        c.mpit.eventRegisterCallback(
                c.sendRegistration, CallbackSafety.THREAD_SAFE, null, (instance, registration, safety) -> {
                    long[] bytes = new long[1];
                    c.mpit.eventRead(instance, bytesElement, bytes);
                    c.sends.increment();
                    c.sendBytes.add(bytes[0]);
                });
        c.receiveRegistration = c.mpit.eventHandleAlloc(c.mpit.eventGetIndex("qmpi4j_receive_completed"), null, null);
        c.mpit.eventRegisterCallback(
                c.receiveRegistration,
                CallbackSafety.THREAD_SAFE,
                null,
                (instance, registration, safety) -> c.receives.increment());
        c.mpit.eventSetDroppedHandler(c.sendRegistration, (n, registration, source, safety) -> c.dropped.add(n));
        c.mpit.eventSetDroppedHandler(c.receiveRegistration, (n, registration, source, safety) -> c.dropped.add(n));
        Qmpi.registerToolStorage(toolId, c);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_FINALIZE, EventCountsTool::printAtFinalize);
    }

    private static int elementIndex(MpiT mpit, String event, String element) {
        var elements = mpit.eventGetInfo(mpit.eventGetIndex(event)).elements();
        for (int i = 0; i < elements.size(); i++) {
            if (elements.get(i).name().equals(element)) {
                return i;
            }
        }
        throw new IllegalStateException(event + " has no element " + element);
    }

    private static Object printAtFinalize(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Counts c = Qmpi.getToolStorage(context, toolId);
        int rank = ToolOutput.worldRank(toolId);
        Object result = Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
        c.mpit.eventHandleFree(c.sendRegistration, null);
        c.mpit.eventHandleFree(c.receiveRegistration, null);
        StringBuilder line = new StringBuilder("QMPI4J-EVENTS rank=")
                .append(rank)
                .append(" sends=")
                .append(c.sends.sum())
                .append(" receives=")
                .append(c.receives.sum())
                .append(" send_bytes=")
                .append(c.sendBytes.sum());
        if (c.dropped.sum() > 0) {
            line.append(" dropped=").append(c.dropped.sum());
        }
        ToolOutput.print(line.append('\n'));
        c.mpit.finalizeInterface();
        return result;
    }
}
