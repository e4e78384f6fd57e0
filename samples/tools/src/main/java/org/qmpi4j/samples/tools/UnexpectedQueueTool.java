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
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * The MPI standard's example 14.6 on the MPI library's real unexpected-message queue: Open MPI's
 * performance variable {@code pml_ob1_unexpected_msgq_length} (class SIZE, MPI_UNSIGNED, bound to
 * a communicator, one element per peer), reached through the same {@link MpiT} as the agent's
 * variables. The tool flags blocking receives on {@code COMM_WORLD} made while more than
 * {@value #DEFAULT_THRESHOLD} (or {@code -Dqmpi4j.unexpected.threshold}) messages from the
 * receive's source waited unexpected:
 * <pre>
 * QMPI4J-UNEXQ-HANDLE rank=1 count=2
 * QMPI4J-UNEXQ rank=1 source=0 queue=6 site=org.example.App.main(App.java:42)
 * QMPI4J-UNEXQ-SUMMARY rank=1 receives=6 flagged=3
 * </pre>
 * Without the library's variable (MPJ Express, or another PML than ob1) it prints one
 * {@code QMPI4J-UNEXQ-ABSENT} line and stays out of the way.
 *
 * <p>As in the example: part 1, at MPI_Init, finds the variable by scanning the performance
 * variables, creates a session and binds a handle to {@code COMM_WORLD} (the variable is
 * continuous, so there is nothing to start); part 2 reads it in every MPI_Recv, before the
 * receive; part 3, at MPI_Finalize, reports and frees everything.
 */
public final class UnexpectedQueueTool implements ToolProvider {
    static final int DEFAULT_THRESHOLD = 3;
    static final String VARIABLE = "pml_ob1_unexpected_msgq_length";

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
        final StringBuilder lines = new StringBuilder();
    }

    @Override
    public String name() {
        return "unexpected-queue";
    }

    @Override
    public String description() {
        return "flags receives made while many messages waited unexpected (example 14.6 on Open MPI's own queue)";
    }

    @Override
    public void initialize(int toolId) {
        State s = new State();
        s.threshold = Long.getLong("qmpi4j.unexpected.threshold", DEFAULT_THRESHOLD);
        Qmpi.registerToolStorage(toolId, s);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT, UnexpectedQueueTool::init);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT_THREAD, UnexpectedQueueTool::init);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_RECV, UnexpectedQueueTool::recv);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_FINALIZE, UnexpectedQueueTool::finish);
    }

    /** Part 1: after MPI's own initialisation, find the variable and bind a handle to COMM_WORLD. */
    private static Object init(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Object result = Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
        State s = Qmpi.getToolStorage(context, toolId);
        s.rank = ToolOutput.worldRank(toolId);
        s.mpit = Qmpi.mpit(toolId);
        s.mpit.initThread(ThreadLevel.SINGLE);
        // MPI_T_pvar_get_index: the library's variable by its name and class.
        int index = -1;
        PvarInfo info = null;
        try {
            index = s.mpit.pvarGetIndex(VARIABLE, PvarClass.SIZE);
            info = s.mpit.pvarGetInfo(index);
        } catch (MpitException absent) {
            index = -1; // not a SIZE variable of this library (another PML, or no native MPI_T)
        }
        if (index < 0 || info.datatype() != MpitDatatype.UNSIGNED || info.bind() != BindType.MPI_COMM) {
            ToolOutput.print(new StringBuilder("QMPI4J-UNEXQ-ABSENT rank=" + s.rank + " " + VARIABLE + " "
                    + (info == null
                            ? "is not among the " + s.mpit.pvarGetNum() + " performance variables as a SIZE variable"
                            : "is " + info)
                    + "\n"));
            s.mpit.finalizeInterface();
            return result;
        }
        s.session = s.mpit.pvarSessionCreate();
        s.world = Qmpi.bindingConstant(toolId, "COMM_WORLD");
        s.handle = s.mpit.pvarHandleAlloc(s.session, index, s.world);
        if (!info.continuous()) {
            s.mpit.pvarStart(s.session, s.handle);
        }
        synchronized (s.lines) {
            s.lines
                    .append("QMPI4J-UNEXQ-HANDLE rank=")
                    .append(s.rank)
                    .append(" count=")
                    .append(s.handle.count())
                    .append('\n');
        }
        return result;
    }

    /** Part 2: every receive on COMM_WORLD reads the queue before it is made; flagged above the threshold. */
    private static Object recv(QmpiContext context, int toolId, MpiCall call) throws Exception {
        State s = Qmpi.getToolStorage(context, toolId);
        if (s.handle != null && call.communicator() == s.world) {
            int[] perPeer = new int[s.handle.count()];
            s.mpit.pvarRead(s.session, s.handle, perPeer);
            int source = call.peer();
            long waiting = 0;
            if (source >= 0 && source < perPeer.length) {
                waiting = Integer.toUnsignedLong(perPeer[source]);
            } else { // MPI_ANY_SOURCE: whatever waits from anyone
                for (int v : perPeer) {
                    waiting += Integer.toUnsignedLong(v);
                }
            }
            s.receives.incrementAndGet();
            if (waiting > s.threshold) {
                s.flagged.incrementAndGet();
                CallingAddress at = Qmpi.getCallingAddress(context);
                synchronized (s.lines) {
                    s.lines
                            .append("QMPI4J-UNEXQ rank=")
                            .append(s.rank)
                            .append(" source=")
                            .append(source)
                            .append(" queue=")
                            .append(waiting)
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
            out.append("QMPI4J-UNEXQ-SUMMARY rank=")
                    .append(s.rank)
                    .append(" receives=")
                    .append(s.receives.get())
                    .append(" flagged=")
                    .append(s.flagged.get())
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
