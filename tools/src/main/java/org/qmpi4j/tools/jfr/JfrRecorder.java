package org.qmpi4j.tools.jfr;

import java.util.function.Function;
import jdk.jfr.FlightRecorder;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.output.LifecycleHandlers;
import org.qmpi4j.tools.mpi.WorldComm;

/**
 * One instance of the {@code jfr} tool: a JDK Flight Recorder event per MPI call and per
 * {@code MPI_Pcontrol} level change.
 *
 * <p>Cost while no recording runs: before JFR is initialised (no recording was ever started in
 * this JVM), one read of {@code FlightRecorder.isInitialized()}; no event class is even loaded.
 * After that, the handler makes an event object and asks
 * {@code isEnabled()}, which JFR answers with a field read; the object does not escape, so C2
 * removes it. Nothing else happens before that answer: no clock read (the event's own
 * {@code begin()} and {@code end()} take the time only when enabled), no peer translation, no
 * call-site lookup. Fields are filled only for an event that passed {@code shouldCommit()} (its
 * threshold), after its end, so the time spent filling them is not in its duration.
 */
final class JfrRecorder {
    private static final MpiFunction[] FUNCTIONS = MpiFunction.values();

    private final int toolId;
    private final Log log = Log.tool("jfr");
    private final ToolFunction[] next = new ToolFunction[FUNCTIONS.length];
    /** Makes the communicator facts once MPI is initialised (replaced in tests). */
    private final Function<String, Communicators> afterInit;

    private volatile Communicators communicators = Communicators.NONE;
    /** The level the tools see; every change reaches this tool's Pcontrol handler (see Dispatcher). */
    private volatile int pcontrolLevel = 1;

    JfrRecorder(int toolId) {
        this.toolId = toolId;
        this.afterInit = new AskMpi(toolId, log);
    }

    /*
     * The handlers and the communicator lookup are named classes, not lambdas or method
     * references: each of those is linked at its first use by spinning a hidden class, about a
     * millisecond of a short job's start apiece before any of it is compiled.
     */

    /** The communicator facts from MPI's COMM_WORLD; none (and said once) when MPI cannot tell. */
    private static final class AskMpi implements Function<String, Communicators> {
        private final int toolId;
        private final Log log;

        AskMpi(int toolId, Log log) {
            this.toolId = toolId;
            this.log = log;
        }

        @Override
        public Communicators apply(String binding) {
            try {
                WorldComm comm = new WorldComm(toolId, binding);
                try {
                    RecordingNames.rank(comm.rank());
                } catch (RuntimeException | LinkageError e) {
                    log.fault("names", "cannot name the recordings after rank " + comm.rank() + " (" + e + ")", e);
                }
                return new MpiCommunicators(toolId, comm.world(), comm.size());
            } catch (Exception | LinkageError e) {
                log.fault("world", "cannot ask MPI for COMM_WORLD (" + e + "); events carry no peer or size", e);
                return Communicators.NONE;
            }
        }
    }

    /**
     * The handler of every function but initialisation and Pcontrol: {@link #record}. A class of
     * this tool's own, like the profiler's and tracer's (a shared one would give the JIT one profile
     * for every tool's calls).
     */
    private static final class EveryCall implements ToolHandler {
        private final JfrRecorder recorder;

        EveryCall(JfrRecorder recorder) {
            this.recorder = recorder;
        }

        @Override
        public @Nullable Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            return recorder.record(context, id, call);
        }
    }

    /** The handlers of initialisation ({@code init}) and Pcontrol (otherwise). */
    private static final class Lifecycle implements ToolHandler {
        private final JfrRecorder recorder;
        private final boolean init;

        Lifecycle(JfrRecorder recorder, boolean init) {
            this.recorder = recorder;
            this.init = init;
        }

        @Override
        public @Nullable Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            return init ? recorder.init(context, id, call) : recorder.pcontrol(context, id, call);
        }
    }

    /** For tests: {@code communicators} instead of asking MPI. */
    JfrRecorder(int toolId, Communicators communicators) {
        this.toolId = toolId;
        this.afterInit = binding -> communicators;
    }

    void register() {
        Qmpi.registerToolStorage(toolId, this);
        EveryCall every = new EveryCall(this);
        LifecycleHandlers.register(
                toolId, next, new Lifecycle(this, true), every, every, new Lifecycle(this, false), every);
    }

    // ---- handlers ---------------------------------------------------------------------------

    private @Nullable Object record(QmpiContext context, int id, MpiCall call) throws Exception {
        ToolFunction n = next[call.function().ordinal()];
        if (!FlightRecorder.isInitialized()) {
            // No recording can run before JFR is up, and the first event object would initialise
            // JFR's metadata (tens of milliseconds a job without a recording should not pay).
            return n.invoke(context, call);
        }
        MpiCallEvent event = new MpiCallEvent();
        if (!event.isEnabled()) {
            return n.invoke(context, call);
        }
        event.begin();
        try {
            return n.invoke(context, call);
        } finally {
            event.end();
            if (event.shouldCommit()) {
                fill(event, context, call);
                event.commit();
            }
        }
    }

    private @Nullable Object init(QmpiContext context, int id, MpiCall call) throws Exception {
        try {
            return record(context, id, call);
        } finally {
            communicators = afterInit.apply(call.binding());
        }
    }

    private @Nullable Object pcontrol(QmpiContext context, int id, MpiCall call) throws Exception {
        Object result = record(context, id, call);
        Object level = call.argumentCount() > 0 ? call.argument(0) : null;
        if (level instanceof Integer) {
            int now = (Integer) level;
            int previous = pcontrolLevel;
            pcontrolLevel = now;
            if (now != previous && FlightRecorder.isInitialized()) {
                PcontrolEvent event = new PcontrolEvent();
                if (event.shouldCommit()) {
                    event.level = now;
                    event.previous = previous;
                    event.commit();
                }
            }
        }
        return result;
    }

    // ---- event fields -----------------------------------------------------------------------

    private void fill(MpiCallEvent event, QmpiContext context, MpiCall call) {
        MpiFunction f = call.function();
        event.function = f.name();
        event.communicatorSize = -1;
        event.peer = -1;
        event.tag = -1;
        try {
            event.callSite = Qmpi.getCallingAddress(context).toString();
            Communicators c = communicators;
            Object comm = call.communicator();
            if (comm != null) {
                if (f == MpiFunction.MPI_COMM_FREE || f == MpiFunction.MPI_COMM_DISCONNECT) {
                    c.forget(comm); // freed now: asking MPI about it would be an error
                } else {
                    event.communicatorSize = c.size(comm);
                }
            }
            if (f.movesData() || f.kind() == MpiFunction.Kind.POINT_TO_POINT) {
                int p = call.peer();
                if (p != MpiCall.ABSENT && comm != null) {
                    event.peer = c.worldRank(comm, p);
                }
                int t = call.tag();
                if (t != MpiCall.ABSENT) {
                    event.tag = t;
                }
                if (f.movesData()) {
                    event.bytes = call.bytes();
                }
            }
        } catch (RuntimeException | LinkageError e) {
            // The event still tells the function and the time; the rest is reported once.
            log.fault("fields", "could not fill the event of " + f + " (" + e + "); later events may lack fields", e);
        }
    }
}
