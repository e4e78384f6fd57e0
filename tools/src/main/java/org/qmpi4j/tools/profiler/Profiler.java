package org.qmpi4j.tools.profiler;

import java.io.PrintStream;
import java.nio.file.Path;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.tools.mpi.CallClock;
import org.qmpi4j.tools.mpi.PeerTranslator;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.OutputSession;
import org.qmpi4j.tools.output.RankResults;
import org.qmpi4j.tools.output.ToolLifecycle;

/**
 * One instance of the {@code profiler} tool (one per MPI process, or per listing in the tool
 * list): its handlers and accumulators. Its per-rank file ({@link ProfileFile}) and its gathering
 * at {@code MPI_Finalize} ({@link ProfileGather}) go through the bundled tools' life cycle,
 * {@link RankResults}.
 *
 * <p>The hot path, {@link #profile}, reads the clock twice around the rest of the chain and adds
 * to one pre-existing accumulator, the call site's (a function's totals are the sum of its sites',
 * added up when a snapshot is taken) and, for sends, to one matrix row: no allocation, no map keyed
 * by value, no lock for the thread that makes most calls (see {@link Accumulator}). It is kept small
 * on purpose: C2 compiles it into the agent's chain, and while the application warms up on few cores
 * a longer compilation there is time taken from the application (the stencil's loop in
 * docs/decisions/0013-the-profiler-times-every-call.md). Everything that can fail (files, gathering) happens at
 * initialisation, {@code MPI_Pcontrol}, {@code MPI_Abort}, {@code MPI_Finalize} or exit, is
 * caught, reported once, and never stops the application's call.
 */
final class Profiler implements ToolLifecycle.Calls {
    private static final MpiFunction[] FUNCTIONS = MpiFunction.values();
    /** What accounting a function needs beyond time, by ordinal: the bits below. */
    private static final byte[] NEEDS = new byte[FUNCTIONS.length];

    private static final byte SIZES = 1;
    private static final byte SENDS = 2;
    private static final byte FREES_COMM = 4;
    /**
     * Counted, not timed: the clocks. Timing {@code MPI_Wtime} would read the clock twice around a
     * call that reads the clock once, and programs call it in their innermost timed loops (the
     * ping-pong: two of its four calls per round trip), so the profiler's cost would show up
     * in the very times the program measures.
     */
    private static final byte UNTIMED = 8;
    /** Makes a communicator that reaches another world: spawn, connect, accept, get-parent. */
    private static final byte JOINS_WORLDS = 16;

    static {
        for (MpiFunction f : FUNCTIONS) {
            NEEDS[f.ordinal()] = (byte) ((f.movesData() ? SIZES : 0)
                    | (f.sendsMessage() ? SENDS : 0)
                    | (f == MpiFunction.MPI_COMM_FREE || f == MpiFunction.MPI_COMM_DISCONNECT ? FREES_COMM : 0)
                    | (f == MpiFunction.MPI_WTIME || f == MpiFunction.MPI_WTICK ? UNTIMED : 0)
                    | (joinsWorlds(f) ? JOINS_WORLDS : 0));
        }
    }

    private static boolean joinsWorlds(MpiFunction f) {
        switch (f) {
            case MPI_COMM_SPAWN:
            case MPI_COMM_SPAWN_MULTIPLE:
            case MPI_COMM_CONNECT:
            case MPI_COMM_ACCEPT:
            case MPI_COMM_GET_PARENT:
                return true;
            default:
                return false;
        }
    }

    private final int toolId;
    private final Settings settings;
    private final PrintStream err;

    private final ToolFunction[] next = new ToolFunction[FUNCTIONS.length];
    private final SiteTable sites = new SiteTable();
    private final ProfileFile file = new ProfileFile(sites);
    /** This rank's file kept up to date, and the gather at MPI_Finalize; faults reported once. */
    private final RankResults results;

    private volatile @Nullable SentTable sent;
    private volatile @Nullable PeerTranslator peers;
    /** Set once the profile has been gathered: later calls (after MPI_Finalize) are not profiled. */
    private volatile boolean gathered;

    Profiler(int toolId, Settings settings, PrintStream err) {
        this.toolId = toolId;
        this.settings = settings;
        this.err = err;
        this.results = new RankResults("profiler", file, new ProfileGather(), err);
    }

    /*
     * The handlers and callbacks below are named classes, not lambdas or method references: each
     * of those is linked at its first use by spinning a hidden class, about a millisecond of a
     * short job's start apiece before any of it is compiled.
     */

    /**
     * The handler of every function without a life-cycle role: {@link #profile}. A class of this tool's own,
     * deliberately not shared with the other tools: a shared handler class would give the JIT one
     * profile for every tool's calls, and a call site that sees several tools is not inlined.
     */
    private static final class EveryCall implements ToolHandler {
        private final Profiler profiler;

        EveryCall(Profiler profiler) {
            this.profiler = profiler;
        }

        @Override
        public @Nullable Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            return profiler.profile(context, call);
        }
    }

    /** Registers storage and a handler for every MPI function (from the tool's initialiser). */
    void register() {
        Qmpi.registerToolStorage(toolId, this);
        Qmpi.requestCallTimes(toolId); // one entry and one exit read per call, shared with every tool
        ToolLifecycle.register(toolId, next, this, new EveryCall(this));
    }

    // ---- handlers ---------------------------------------------------------------------------

    /** Every function without a special handler: time the rest of the chain, then account. */
    private @Nullable Object profile(QmpiContext context, MpiCall call) throws Exception {
        int f = call.function().ordinal();
        ToolFunction n = next[f];
        if (gathered) {
            return n.invoke(context, call);
        }
        int needs = NEEDS[f];
        if ((needs & JOINS_WORLDS) != 0) {
            return joinWorlds(context, call, n);
        }
        boolean timed = (needs & UNTIMED) == 0;
        long t0 = timed ? CallClock.entry(call) : 0;
        try {
            return n.invoke(context, call);
        } finally {
            account(call, f, timed ? CallClock.exit(call) - t0 : 0);
        }
    }

    /**
     * Spawn, connect, accept, get-parent: profiled like any call, and the communicator they return
     * is named for the messages sent over it to another world ({@link PeerTranslator#name}); a
     * spawn is also noted in the world's record, with its command.
     */
    private @Nullable Object joinWorlds(QmpiContext context, MpiCall call, ToolFunction n) throws Exception {
        long startMillis = System.currentTimeMillis();
        long t0 = System.nanoTime();
        @Nullable Object result;
        try {
            result = n.invoke(context, call);
        } finally {
            account(call, call.function().ordinal(), System.nanoTime() - t0);
        }
        try {
            WorldLinks.joined(call, result, peers, results.session(), startMillis, System.currentTimeMillis());
        } catch (Exception | LinkageError e) {
            fault("noting the communicator " + call.function() + " returned", e);
        }
        return result;
    }

    @Override
    public @Nullable Object init(QmpiContext context, MpiCall call) throws Exception {
        long start = System.nanoTime();
        long appStart = start;
        Object result;
        try {
            result = next[call.function().ordinal()].invoke(context, call);
        } finally {
            appStart = System.nanoTime();
            account(call, call.function().ordinal(), appStart - start);
        }
        try {
            afterInit(call.binding(), appStart);
        } catch (Exception | LinkageError e) {
            fault("setting up after MPI_Init; no profile will be written", e);
        }
        return result;
    }

    @Override
    public @Nullable Object finalizeMpi(QmpiContext context, MpiCall call) throws Exception {
        if (!gathered) {
            // Counted, not timed: the profile is gathered before MPI_Finalize runs.
            account(call, call.function().ordinal(), 0);
            try {
                results.finish();
            } finally {
                gathered = true;
            }
        }
        try {
            return next[call.function().ordinal()].invoke(context, call);
        } finally {
            results.awaitWritten(); // rank 0's reports, written while MPI_Finalize ran
        }
    }

    /** MPI_Abort ends the job without returning: leave this rank's data first. */
    @Override
    public @Nullable Object abort(QmpiContext context, MpiCall call) throws Exception {
        if (!gathered) {
            account(call, call.function().ordinal(), 0);
        }
        results.aborting(call);
        return next[call.function().ordinal()].invoke(context, call);
    }

    @Override
    public @Nullable Object pcontrol(QmpiContext context, MpiCall call) throws Exception {
        Object result = profile(context, call);
        Object level = call.argumentCount() > 0 ? call.argument(0) : null;
        if (!gathered && level instanceof Integer) {
            try {
                OutputSession s = results.session();
                if (s != null) {
                    file.pcontrol(s, (Integer) level, results);
                }
            } catch (Exception | LinkageError e) {
                fault("writing the MPI_Pcontrol(" + level + ") output", e);
            }
        }
        return result;
    }

    // ---- accounting -------------------------------------------------------------------------

    /** Adds one call of the function with ordinal {@code f} that took {@code durationNs}. */
    private void account(MpiCall call, int f, long durationNs) {
        int needs = NEEDS[f];
        long bytes = (needs & SIZES) != 0 ? bytes(call) : 0;
        sites.get(call.callingAddress(), f, (needs & SIZES) != 0).add(durationNs, bytes);
        if ((needs & (SENDS | FREES_COMM)) != 0) {
            peers(call, needs, bytes);
        }
    }

    private long bytes(MpiCall call) {
        try {
            return call.bytes();
        } catch (RuntimeException e) {
            fault("sizing the message of " + call.function(), e);
            return 0;
        }
    }

    /** A message for the matrix, or a communicator being freed. Out of {@link #account}: most calls need neither. */
    private void peers(MpiCall call, int needs, long bytes) {
        PeerTranslator p = peers;
        if (p == null) {
            return;
        }
        if ((needs & SENDS) != 0) {
            SentTable s = sent;
            if (s != null) {
                Object comm = call.communicator();
                int peer = call.peer();
                int dest = p.toWorld(comm, peer);
                if (dest < 0 && p.outsideWorld(comm, peer)) {
                    s.addOtherWorld(p.nameOf(comm), peer, bytes);
                } else {
                    s.add(dest, bytes);
                }
            }
        } else {
            p.forget(call.communicator());
        }
    }

    // ---- life cycle -------------------------------------------------------------------------

    private void afterInit(String bindingId, long appStart) throws Exception {
        WorldComm comm = new WorldComm(toolId, bindingId);
        peers = new PeerTranslator(toolId, comm.world(), comm.size());
        SentTable t = new SentTable(comm.size());
        sent = t;
        file.started(bindingId, appStart, t, new JvmReading());
        results.open(comm, toolId, settings, err);
    }

    private void fault(String what, Throwable t) {
        results.output().fault(what, t);
    }

    /** For tests: the directory results go to, or null. */
    @Nullable
    Path dir() {
        OutputSession s = results.session();
        return s == null ? null : s.dir();
    }
}
