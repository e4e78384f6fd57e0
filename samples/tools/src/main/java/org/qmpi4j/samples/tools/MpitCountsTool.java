package org.qmpi4j.samples.tools;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * Reads the agent's own MPI_T performance variables instead of counting itself: at
 * initialisation it starts a handle for the calls and bytes variable of every MPI function; once
 * MPI is initialised it binds the per-peer traffic variables and the posted-receive level to
 * {@code COMM_WORLD}; when the application has finalised MPI it reads them all and prints
 * <pre>
 * QMPI4J-MPIT rank=0 MPI_INIT=1 MPI_SEND=3 ...
 * QMPI4J-MPIT-BYTES rank=0 MPI_SEND=12 ...
 * QMPI4J-MPIT-P2P rank=0 peer=1 messages=3 bytes=12
 * QMPI4J-MPIT-REQUESTS rank=0 outstanding=0 max=4 min=0 posted_receives=0
 * </pre>
 * A call counts when it returns to the application, so {@code MPI_FINALIZE} (still in progress
 * while the tool reads, inside the call) is 0.
 */
public final class MpitCountsTool implements ToolProvider {
    /** Per-instance storage: the session and handles. */
    static final class Handles {
        MpiT mpit;
        PvarSession session;
        final Map<MpiFunction, PvarHandle> calls = new EnumMap<>(MpiFunction.class);
        final Map<MpiFunction, PvarHandle> bytes = new EnumMap<>(MpiFunction.class);
        PvarHandle peerMessages;
        PvarHandle peerBytes;
        PvarHandle outstanding;
        PvarHandle outstandingMax;
        PvarHandle outstandingMin;
        PvarHandle postedReceives;
    }

    @Override
    public String name() {
        return "mpit-counts";
    }

    @Override
    public String description() {
        return "prints the agent's MPI_T counts of calls, bytes and peer traffic at MPI_Finalize (sample tool)";
    }

    @Override
    public void initialize(int toolId) {
        Handles h = new Handles();
        h.mpit = Qmpi.mpit(toolId);
        h.mpit.initThread(ThreadLevel.SINGLE);
        h.session = h.mpit.pvarSessionCreate();
        for (MpiFunction f : MpiFunction.values()) {
            String base = "qmpi4j_" + f.name().toLowerCase(Locale.ROOT);
            h.calls.put(f, start(h, h.mpit.pvarGetIndex(base + "_calls", PvarClass.COUNTER), null));
            h.bytes.put(f, start(h, h.mpit.pvarGetIndex(base + "_bytes", PvarClass.AGGREGATE), null));
        }
        // Request levels count only requests started while they run: start them before MPI_Init.
        h.outstanding = start(h, h.mpit.pvarGetIndex("qmpi4j_requests_outstanding", PvarClass.LEVEL), null);
        h.outstandingMax = start(h, h.mpit.pvarGetIndex("qmpi4j_requests_outstanding", PvarClass.HIGHWATERMARK), null);
        h.outstandingMin = start(h, h.mpit.pvarGetIndex("qmpi4j_requests_outstanding", PvarClass.LOWWATERMARK), null);
        Qmpi.registerToolStorage(toolId, h);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT, MpitCountsTool::afterInit);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT_THREAD, MpitCountsTool::afterInit);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_FINALIZE, MpitCountsTool::printAtFinalize);
    }

    private static PvarHandle start(Handles h, int index, Object object) {
        PvarHandle handle = h.mpit.pvarHandleAlloc(h.session, index, object);
        h.mpit.pvarStart(h.session, handle);
        return handle;
    }

    /** Communicator-bound handles need an initialised MPI (the communicator's size). */
    private static Object afterInit(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Object result = Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
        Handles h = Qmpi.getToolStorage(context, toolId);
        Object world = Qmpi.bindingConstant(toolId, "COMM_WORLD");
        h.peerMessages = start(h, h.mpit.pvarGetIndex("qmpi4j_p2p_messages_sent", PvarClass.COUNTER), world);
        h.peerBytes = start(h, h.mpit.pvarGetIndex("qmpi4j_p2p_bytes_sent", PvarClass.AGGREGATE), world);
        h.postedReceives = start(h, h.mpit.pvarGetIndex("qmpi4j_posted_receives", PvarClass.LEVEL), world);
        return result;
    }

    /**
     * Reads after MPI is finalised (MPI_T outlives MPI); the rank is asked before, while MPI still
     * answers.
     */
    private static Object printAtFinalize(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Handles h = Qmpi.getToolStorage(context, toolId);
        int rank = ToolOutput.worldRank(toolId);
        Object result = Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
        StringBuilder calls = new StringBuilder("QMPI4J-MPIT rank=").append(rank);
        StringBuilder bytes = new StringBuilder("QMPI4J-MPIT-BYTES rank=").append(rank);
        long[] one = new long[1];
        for (MpiFunction f : MpiFunction.values()) {
            h.mpit.pvarRead(h.session, h.calls.get(f), one);
            if (one[0] > 0) {
                calls.append(' ').append(f).append('=').append(one[0]);
            }
            h.mpit.pvarRead(h.session, h.bytes.get(f), one);
            if (one[0] > 0) {
                bytes.append(' ').append(f).append('=').append(one[0]);
            }
        }
        StringBuilder out =
                new StringBuilder().append(calls).append('\n').append(bytes).append('\n');
        long[] messages = new long[h.peerMessages.count()];
        long[] sent = new long[h.peerBytes.count()];
        h.mpit.pvarRead(h.session, h.peerMessages, messages);
        h.mpit.pvarRead(h.session, h.peerBytes, sent);
        for (int peer = 0; peer < messages.length; peer++) {
            if (messages[peer] > 0) {
                out.append("QMPI4J-MPIT-P2P rank=")
                        .append(rank)
                        .append(" peer=")
                        .append(peer)
                        .append(" messages=")
                        .append(messages[peer])
                        .append(" bytes=")
                        .append(sent[peer])
                        .append('\n');
            }
        }
        out.append("QMPI4J-MPIT-REQUESTS rank=")
                .append(rank)
                .append(" outstanding=")
                .append(read(h, h.outstanding))
                .append(" max=")
                .append(read(h, h.outstandingMax))
                .append(" min=")
                .append(read(h, h.outstandingMin))
                .append(" posted_receives=")
                .append(read(h, h.postedReceives))
                .append('\n');
        ToolOutput.print(out);
        h.mpit.pvarSessionFree(h.session); // frees every handle of the session
        h.mpit.finalizeInterface();
        return result;
    }

    private static long read(Handles h, PvarHandle handle) {
        long[] v = new long[1];
        h.mpit.pvarRead(h.session, handle, v);
        return v[0];
    }
}
