package org.qmpi4j.tools.tracer;

import java.io.PrintStream;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.trace.ClockModel;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.tools.mpi.PeerTranslator;
import org.qmpi4j.tools.mpi.StatusCompletions;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.RankResults;
import org.qmpi4j.tools.output.ToolLifecycle;

/**
 * One instance of the {@code tracer} tool: records each MPI call as one binary record of its rank's
 * trace file and, at {@code MPI_Finalize}, brings every rank's file to rank 0, which writes the trace.
 * This class wires the parts to the MPI functions; each part is one concern:
 * <ul>
 *   <li>{@link CallRecorder}, the per-call path: one record per call;</li>
 *   <li>{@link MessageBook}, the communicator and message bookkeeping the records name;</li>
 *   <li>{@link TraceShard}, the shard file and its clock, measured at {@code MPI_Init} and again at
 *       {@code MPI_Finalize} ({@link ClockSync}, {@link ClockModel});</li>
 *   <li>{@link PvarSampling}, the MPI_T performance variables sampled into the shard;</li>
 *   <li>{@link ShardGather}, the gather at {@code MPI_Finalize}: {@code trace.json} while the
 *       shards total at most {@code tracer.json-limit}, else {@code trace.pftrace}, and past
 *       {@code tracer.merge-limit} only {@code trace-index.json};</li>
 * </ul>
 * and the life cycle (open, flush, abort, gather) is the bundled tools' own: {@link RankResults},
 * its calls registered by {@link ToolLifecycle}.
 *
 * <p>Arrows: a send and a receive carry their sequence number among messages of the same envelope
 * on the same communicator ({@link Communicators}, any communicator); by MPI's non-overtaking rule
 * the n-th of each belong together. Each record also names its call site ({@link CallSites}), its
 * communicator, a collective's number on it, and the request a call created ({@link RequestIds}),
 * which the completing call names again ({@link TraceFormat}, version 4 and later). A wildcard
 * receive's envelope is read from the status of the call that completed it; a completion whose
 * method returns no status is run through the one that does ({@link StatusCompletions}). A
 * nonblocking receive's arrow ends at the call that completed it ({@link PostedReceives}: a
 * completion record after that call's record), where the message was actually received. Where the
 * order of receives cannot be known, {@link PostedReceives} says why and the rank draws no more
 * arrow ends rather than wrong ones.
 */
final class Tracer implements ToolLifecycle.Calls {
    private static final MpiFunction[] FUNCTIONS = MpiFunction.values();

    private final int toolId;
    private final Settings settings;
    private final PrintStream err;
    private final ToolFunction[] next = new ToolFunction[FUNCTIONS.length];
    private final TraceShard shard;
    private final ShardGather gather;
    /** This rank's shard kept up to date, and the gather at MPI_Finalize; faults reported once. */
    private final RankResults results;

    private final PvarSampling pvars;
    private final CallRecorder recorder;

    Tracer(int toolId, Settings settings, PrintStream err) {
        this.toolId = toolId;
        this.settings = settings;
        this.err = err;
        this.shard = new TraceShard(settings);
        this.gather = new ShardGather(settings, shard);
        this.results = new RankResults("tracer", shard, gather, err);
        this.pvars = new PvarSampling(toolId, settings, results.output());
        this.recorder = new CallRecorder(next, results.output(), pvars);
    }

    /*
     * The handlers below are named classes, not lambdas or method references: each of those is
     * linked at its first use by spinning a hidden class, about a millisecond of a short job's
     * start apiece before any of it is compiled.
     */

    /**
     * The handler of every function without a life-cycle role: {@link CallRecorder#trace}. A class of
     * this tool's own, deliberately not shared with the other tools: a shared handler class would
     * give the JIT one profile for every tool's calls, and a call site that sees several tools is
     * not inlined.
     */
    private static final class EveryCall implements ToolHandler {
        private final CallRecorder recorder;

        EveryCall(CallRecorder recorder) {
            this.recorder = recorder;
        }

        @Override
        public @Nullable Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            return recorder.trace(context, call);
        }
    }

    void register() {
        Qmpi.registerToolStorage(toolId, this);
        Qmpi.requestCallTimes(toolId);
        ToolLifecycle.register(toolId, next, this, new EveryCall(recorder));
    }

    @Override
    public @Nullable Object init(QmpiContext context, MpiCall call) throws Exception {
        long entry = System.nanoTime();
        Object result = next[call.function().ordinal()].invoke(context, call);
        long done = System.nanoTime();
        try {
            start(call.binding(), entry);
            recorder.record(call, entry, done, true);
        } catch (Exception | LinkageError e) {
            results.output()
                    .fault(
                            results.session() != null
                                    ? "opening this rank's trace file; the trace leaves this rank out"
                                    : "setting up after MPI_Init; no trace will be written",
                            e);
        }
        return result;
    }

    /**
     * Collective: the results folder agreed, the clocks measured, this rank's shard opened and on
     * disk at once, not at the first periodic flush: a rank killed outright before it (Slurm kills
     * a step's ranks with SIGKILL when one calls MPI_Abort) still leaves a shard that names its job
     * and clock.
     */
    private void start(String bindingId, long initEntryNs) throws Exception {
        gather.binding(bindingId);
        WorldComm comm = new WorldComm(toolId, bindingId);
        MessageBook book = new MessageBook(toolId, new PeerTranslator(toolId, comm.world(), comm.size()), comm.world());
        recorder.book(book);
        results.open(comm, toolId, settings, err);
        TraceFileWriter w = shard.open(comm, results.session(), bindingId, initEntryNs, book);
        if (w == null) {
            return;
        }
        pvars.start(w, comm.world(), comm.rank());
        recorder.attach(w, shard.clock(), comm.rank());
        results.flush();
    }

    @Override
    public @Nullable Object finalizeMpi(QmpiContext context, MpiCall call) throws Exception {
        if (!recorder.closed() && results.session() != null) {
            long now = System.nanoTime();
            recorder.record(call, now, now, true); // the trace is gathered before MPI_Finalize runs
            pvars.close();
            recorder.close();
            results.finish();
        }
        try {
            return next[call.function().ordinal()].invoke(context, call);
        } finally {
            results.awaitWritten(); // rank 0's analysis of the waits, made while MPI_Finalize ran
        }
    }

    @Override
    public @Nullable Object abort(QmpiContext context, MpiCall call) throws Exception {
        long now = System.nanoTime();
        recorder.record(call, now, now, true);
        results.aborting(call);
        return next[call.function().ordinal()].invoke(context, call);
    }

    @Override
    public @Nullable Object pcontrol(QmpiContext context, MpiCall call) throws Exception {
        Object result = recorder.trace(context, call);
        if (call.argumentCount() > 0 && Integer.valueOf(2).equals(call.argument(0))) {
            results.flush(); // level 2: buffers to disk
        }
        return result;
    }
}
