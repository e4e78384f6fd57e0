package org.qmpi4j.samples.tools;

import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.PvarSources;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * The MPI standard's example 14.6 ("Tool to detect receives with long unexpected message queues")
 * in Java. The text assumes a variable {@code MPI_T_UMQ_LENGTH}; qmpi4j's agent really maintains
 * {@code qmpi4j_posted_receives}, the receives posted on a communicator and not yet completed,
 * so this tool flags blocking receives on {@code COMM_WORLD} made while more than
 * {@value #DEFAULT_THRESHOLD} (or {@code -Dqmpi4j.longqueue.threshold}) receives are pending:
 * <pre>
 * QMPI4J-LONGQ rank=0 queue=8 site=org.example.App.main(App.java:42)
 * QMPI4J-LONGQ-SUMMARY rank=0 receives=3 flagged=1
 * </pre>
 * The tool also adds a variable of its own through the same interface, the counter
 * {@code long_queue_<id>_flagged_receives} in the category {@code long_queue_<id>} ({@code <id>}
 * is the tool instance's id, so that the tool may be listed twice), and reports its count by
 * reading it back through a handle.
 *
 * <p>As in the example: part 1, at MPI_Init, finds the variable by scanning the performance
 * variables, creates a session, binds a handle to {@code COMM_WORLD} and starts it; part 2 reads
 * it in every MPI_Recv; part 3, at MPI_Finalize, frees the handle and the session and finalises
 * the interface.
 */
public final class LongQueueReceivesTool implements ToolProvider {
    static final int DEFAULT_THRESHOLD = 5;
    static final String VARIABLE = "qmpi4j_posted_receives";

    /** Per-instance state: the example's global variables. */
    static final class State {
        MpiT mpit;
        PvarSession session;
        PvarHandle handle;
        Object world;
        int rank;
        long threshold;
        final AtomicLong receives = new AtomicLong();
        final AtomicLong flagged = new AtomicLong();
        final PvarSources.Counter flaggedVariable = PvarSources.counter();
        PvarHandle flaggedHandle;
        final StringBuilder lines = new StringBuilder();
    }

    @Override
    public String name() {
        return "long-queue";
    }

    @Override
    public String description() {
        return "flags receives made while many receives are pending (the MPI standard's example 14.6)";
    }

    @Override
    public void initialize(int toolId) {
        State s = new State();
        s.threshold = Long.getLong("qmpi4j.longqueue.threshold", DEFAULT_THRESHOLD);
        Qmpi.registerToolStorage(toolId, s);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT, LongQueueReceivesTool::init);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT_THREAD, LongQueueReceivesTool::init);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_RECV, LongQueueReceivesTool::recv);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_FINALIZE, LongQueueReceivesTool::finish);
    }

    /** Part 1: after MPI's own initialisation, find the variable and start a handle on COMM_WORLD. */
    private static Object init(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Object result = Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
        State s = Qmpi.getToolStorage(context, toolId);
        s.mpit = Qmpi.mpit(toolId);
        s.mpit.initThread(ThreadLevel.SINGLE);
        int index = -1;
        PvarInfo info = null;
        for (int i = 0, n = s.mpit.pvarGetNum(); i < n && index < 0; i++) {
            PvarInfo candidate = s.mpit.pvarGetInfo(i);
            if (candidate.name().equals(VARIABLE)) {
                index = i;
                info = candidate;
            }
        }
        // "this could be handled in a more flexible way for a generic tool"
        if (index < 0
                || info.varClass() != PvarClass.LEVEL
                || info.datatype() != MpitDatatype.UNSIGNED_LONG_LONG
                || info.bind() != BindType.MPI_COMM) {
            throw new IllegalStateException(VARIABLE + " not found as expected: " + info);
        }
        s.session = s.mpit.pvarSessionCreate();
        s.world = Qmpi.bindingConstant(toolId, "COMM_WORLD");
        s.handle = s.mpit.pvarHandleAlloc(s.session, index, s.world);
        if (s.handle.count() != 1) {
            throw new IllegalStateException(VARIABLE + " has " + s.handle.count() + " elements, expected 1");
        }
        s.mpit.pvarStart(s.session, s.handle);
        // The tool's own variable, registered like the agent's and read back like any other.
        int category = s.mpit.registerCategory("long_queue_" + toolId, "The long-queue tool (example 14.6)");
        int own = s.mpit.registerPvar(PvarDefinition.builder(
                        "long_queue_" + toolId + "_flagged_receives", PvarClass.COUNTER)
                .description("Receives made while more than " + s.threshold + " receives were pending on COMM_WORLD")
                .source(s.flaggedVariable)
                .build());
        s.mpit.categoryAddPvar(category, own);
        s.mpit.categoryAddCategory(s.mpit.categoryGetIndex("qmpi4j"), category);
        s.flaggedHandle = s.mpit.pvarHandleAlloc(s.session, own, null);
        s.mpit.pvarStart(s.session, s.flaggedHandle);
        s.rank = ToolOutput.worldRank(toolId);
        return result;
    }

    /** Part 2: every receive on COMM_WORLD reads the queue length and is flagged above the threshold. */
    private static Object recv(QmpiContext context, int toolId, MpiCall call) throws Exception {
        State s = Qmpi.getToolStorage(context, toolId);
        if (s.handle != null && call.communicator() == s.world) {
            long[] value = new long[1];
            s.mpit.pvarRead(s.session, s.handle, value);
            s.receives.incrementAndGet();
            if (value[0] > s.threshold) {
                s.flagged.incrementAndGet();
                s.flaggedVariable.increment();
                CallingAddress at = Qmpi.getCallingAddress(context);
                synchronized (s.lines) {
                    s.lines
                            .append("QMPI4J-LONGQ rank=")
                            .append(s.rank)
                            .append(" queue=")
                            .append(value[0])
                            .append(" site=")
                            .append(at)
                            .append('\n');
                }
            }
        }
        return Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
    }

    /** Part 3: report, free the handle and session, finalise the interface, then MPI. */
    private static Object finish(QmpiContext context, int toolId, MpiCall call) throws Exception {
        State s = Qmpi.getToolStorage(context, toolId);
        if (s.handle != null) {
            StringBuilder out;
            synchronized (s.lines) {
                out = new StringBuilder(s.lines);
            }
            long[] viaMpit = new long[1];
            s.mpit.pvarRead(s.session, s.flaggedHandle, viaMpit);
            out.append("QMPI4J-LONGQ-SUMMARY rank=")
                    .append(s.rank)
                    .append(" receives=")
                    .append(s.receives.get())
                    .append(" flagged=")
                    .append(s.flagged.get())
                    .append(" flagged_via_mpit=")
                    .append(viaMpit[0])
                    .append('\n');
            ToolOutput.print(out);
            s.mpit.pvarHandleFree(s.session, s.handle);
            s.mpit.pvarSessionFree(s.session);
            s.mpit.finalizeInterface();
            s.handle = null;
        }
        return Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
    }
}
