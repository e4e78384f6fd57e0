package org.qmpi4j.tools.profiler;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.output.LifecycleHandlers;
import org.qmpi4j.api.output.OutputDirectory;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.report.files.AtomicFiles;
import org.qmpi4j.report.files.ProfileOutputs;
import org.qmpi4j.report.files.ResultFiles;
import org.qmpi4j.report.json.JsonFormatException;
import org.qmpi4j.report.profile.CallStats;
import org.qmpi4j.report.profile.PartialProfileFormat;
import org.qmpi4j.report.profile.Profile;
import org.qmpi4j.report.profile.ProfileMerger;
import org.qmpi4j.report.profile.RankProfile;
import org.qmpi4j.report.profile.RankProfileFormat;
import org.qmpi4j.report.profile.SiteKey;
import org.qmpi4j.report.render.TextReport;
import org.qmpi4j.tools.mpi.CallClock;
import org.qmpi4j.tools.mpi.PeerTranslator;
import org.qmpi4j.tools.mpi.TreeReduce;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.OutputSession;

/**
 * One instance of the {@code profiler} tool (one per MPI process, or per listing in the tool
 * list): its accumulators, its per-rank file and its gathering at {@code MPI_Finalize}.
 *
 * <p>The hot path, {@link #profile}, reads the clock twice around the rest of the chain and adds
 * to one pre-existing accumulator, the call site's (a function's totals are the sum of its sites',
 * added up when a snapshot is taken) and, for sends, to one matrix row: no allocation, no map keyed
 * by value, no lock for the thread that makes most calls (see {@link Accumulator}). It is kept small
 * on purpose: C2 compiles it into the agent's chain, and while the application warms up on few cores
 * a longer compilation there is time taken from the application (BENCHMARKS.md, the stencil's
 * loop with the profiler). Everything that can fail (files, gathering) happens at
 * initialisation, {@code MPI_Pcontrol}, {@code MPI_Abort}, {@code MPI_Finalize} or exit, is
 * caught, reported once, and never stops the application's call.
 */
final class Profiler {
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
    /** This rank's file kept up to date: periodically, at exit; faults reported once. */
    private final RankOutput output;

    private final ToolFunction[] next = new ToolFunction[FUNCTIONS.length];
    private final SiteTable sites = new SiteTable();
    private final Object fileLock = new Object();

    private volatile OutputSession session;
    private volatile SentTable sent;
    private volatile PeerTranslator peers;
    /** When the application time starts: the end of MPI_Init, as in mpiP. */
    private volatile long appStartNs;
    /** Set once the profile has been gathered: later calls (after MPI_Finalize) are not profiled. */
    private volatile boolean gathered;

    private String binding = "unknown";
    private int pcontrolOutputs;

    Profiler(int toolId, Settings settings, PrintStream err) {
        this.toolId = toolId;
        this.settings = settings;
        this.err = err;
        this.output = new RankOutput("profiler", new Flush(this), err);
    }

    /*
     * The handlers and callbacks below are named classes, not lambdas or method references: each
     * of those is linked at its first use by spinning a hidden class, about a millisecond of a
     * short job's start apiece before any of it is compiled.
     */

    /** Writes this rank's file when RankOutput asks (periodically, at exit, at abort). */
    private static final class Flush implements RankOutput.Flusher {
        private final Profiler profiler;

        Flush(Profiler profiler) {
            this.profiler = profiler;
        }

        @Override
        public void flush(RankOutput.Reason reason) {
            profiler.writeRankFile(state(reason));
        }
    }

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
        public Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            return profiler.profile(context, id, call);
        }
    }

    /** The life-cycle handlers (each runs once or a few times), by {@link MpiFunction}. */
    private static final class Lifecycle implements ToolHandler {
        private final Profiler profiler;
        private final MpiFunction role;

        Lifecycle(Profiler profiler, MpiFunction role) {
            this.profiler = profiler;
            this.role = role;
        }

        @Override
        public Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            switch (role) {
                case MPI_INIT:
                    return profiler.init(context, id, call);
                case MPI_FINALIZE:
                    return profiler.finalizeMpi(context, id, call);
                case MPI_ABORT:
                    return profiler.abort(context, id, call);
                default:
                    return profiler.pcontrol(context, id, call);
            }
        }
    }

    private static RankProfile.State state(RankOutput.Reason reason) {
        switch (reason) {
            case ABORT:
                return RankProfile.State.ABORTED;
            case EXIT:
                return RankProfile.State.EXITED; // exception, System.exit or SIGTERM before MPI_Finalize
            default:
                return RankProfile.State.RUNNING;
        }
    }

    /** Registers storage and a handler for every MPI function (from the tool's initialiser). */
    void register() {
        Qmpi.registerToolStorage(toolId, this);
        Qmpi.requestCallTimes(toolId); // one entry and one exit read per call, shared with every tool
        LifecycleHandlers.register(
                toolId,
                next,
                new Lifecycle(this, MpiFunction.MPI_INIT),
                new Lifecycle(this, MpiFunction.MPI_FINALIZE),
                new Lifecycle(this, MpiFunction.MPI_ABORT),
                new Lifecycle(this, MpiFunction.MPI_PCONTROL),
                new EveryCall(this));
    }

    // ---- handlers ---------------------------------------------------------------------------

    /** Every function without a special handler: time the rest of the chain, then account. */
    private Object profile(QmpiContext context, int id, MpiCall call) throws Exception {
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
    private Object joinWorlds(QmpiContext context, MpiCall call, ToolFunction n) throws Exception {
        long startMillis = System.currentTimeMillis();
        long t0 = System.nanoTime();
        Object result;
        try {
            result = n.invoke(context, call);
        } finally {
            account(call, call.function().ordinal(), System.nanoTime() - t0);
        }
        try {
            WorldLinks.joined(call, result, peers, session, startMillis, System.currentTimeMillis());
        } catch (Exception | LinkageError e) {
            fault("noting the communicator " + call.function() + " returned", e);
        }
        return result;
    }

    private Object init(QmpiContext context, int id, MpiCall call) throws Exception {
        long start = System.nanoTime();
        Object result;
        try {
            result = next[call.function().ordinal()].invoke(context, call);
        } finally {
            appStartNs = System.nanoTime();
            account(call, call.function().ordinal(), appStartNs - start);
        }
        try {
            afterInit(call.binding());
        } catch (Exception | LinkageError e) {
            fault("setting up after MPI_Init; no profile will be written", e);
        }
        return result;
    }

    private Object finalizeMpi(QmpiContext context, int id, MpiCall call) throws Exception {
        if (!gathered) {
            // Counted, not timed: the profile is gathered before MPI_Finalize runs.
            account(call, call.function().ordinal(), 0);
            try {
                gatherAndWrite();
            } catch (Exception | LinkageError e) {
                fault("gathering the profile at MPI_Finalize; per-rank files are in ranks/", e);
            } finally {
                gathered = true;
                output.stop();
            }
        }
        return next[call.function().ordinal()].invoke(context, call);
    }

    /** MPI_Abort ends the job without returning: leave this rank's data first. */
    private Object abort(QmpiContext context, int id, MpiCall call) throws Exception {
        if (!gathered) {
            account(call, call.function().ordinal(), 0);
            output.flush(RankOutput.Reason.ABORT);
        }
        OutputSession s = session;
        if (s != null) {
            s.aborting();
        }
        return next[call.function().ordinal()].invoke(context, call);
    }

    private Object pcontrol(QmpiContext context, int id, MpiCall call) throws Exception {
        Object result = profile(context, id, call);
        Object level = call.argumentCount() > 0 ? call.argument(0) : null;
        if (!gathered && level instanceof Integer) {
            try {
                pcontrolOutput((Integer) level);
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

    private void afterInit(String bindingId) throws Exception {
        binding = bindingId;
        WorldComm comm = new WorldComm(toolId, bindingId);
        peers = new PeerTranslator(toolId, comm.world(), comm.size());
        sent = new SentTable(comm.size());
        OutputSession s = OutputSession.open(comm, OutputDirectory.requested(toolId, settings), err);
        if (s.dir() == null) {
            return;
        }
        s.join();
        session = s;
        writeRankFile(RankProfile.State.RUNNING);
        output.start(settings.get(RankOutput.FLUSH_SECONDS));
    }

    /** Collective: every rank's profile to rank 0, which merges and writes the results. */
    private void gatherAndWrite() throws Exception {
        OutputSession s = session;
        if (s == null) {
            return;
        }
        byte[] mine;
        try {
            mine = writeRankFile(RankProfile.State.FINALIZED);
        } catch (RuntimeException e) {
            fault("writing this rank's profile", e);
            mine = new byte[0]; // still take part in the gather, or the others would wait for ever
        }
        WorldComm comm = s.comm();
        List<String> written = new ArrayList<>();
        if (!comm.canExchangeData()) {
            if (comm.rank() == 0) {
                output.say("binding '" + binding + "' cannot gather; 'qmpi4j merge " + s.dir()
                        + "' builds the report from the per-rank files");
            }
            s.finished(written);
            return;
        }
        long gatherStart = System.nanoTime();
        // This rank's own work on the partials (decoding, combining), apart from waiting for them.
        long[] workNs = {0};
        int[] partials = {0};
        ProfileMerger.Streaming own = new ProfileMerger.Streaming();
        try {
            own.add(RankProfileFormat.read(new String(mine, StandardCharsets.UTF_8)));
        } catch (JsonFormatException | RuntimeException bad) {
            output.say("rank " + comm.rank() + "'s profile is unreadable (" + bad.getMessage() + "); it is left out");
        }
        ProfileMerger.Streaming merge = comm.size() <= CollectiveGather.MAX_RANKS
                ? CollectiveGather.run(comm, mine, own, output)
                : treeMerge(comm, own, workNs, partials);
        if (merge != null) {
            if (merge.added() == 0) {
                output.say("no rank's profile arrived; 'qmpi4j merge " + s.dir()
                        + "' builds the report from the per-rank files");
                s.finished(written);
                return;
            }
            Profile merged = merge.finish();
            long mergedAt = System.nanoTime();
            written.addAll(ProfileOutputs.writeAll(s.dir(), merged));
            long done = System.nanoTime();
            // For measuring the finalize cost at scale (BENCHMARKS.md): shown with the setting verbose
            // (and only then formatted: the formatter's first use loads locale data).
            if (org.qmpi4j.api.internal.log.Log.verbose()) {
                org.qmpi4j.api.internal.log.Log.tool("profiler")
                        .info(String.format(
                                java.util.Locale.ROOT,
                                "gathered %d ranks' profiles: gather and merge %.0f ms (decoding and combining %d"
                                        + " partials %.1f ms, the rest waiting for them), writing the results %.0f ms",
                                merged.ranks(),
                                (mergedAt - gatherStart) / 1e6,
                                partials[0],
                                workNs[0] / 1e6,
                                (done - mergedAt) / 1e6));
            }
        }
        s.finished(written);
    }

    /**
     * A tree of partial merges (TreeReduce), for jobs past {@link CollectiveGather#MAX_RANKS}: each
     * rank merges its own profile and its children's partials and passes one partial on, so rank 0
     * combines log2(size) partials instead of parsing every rank's profile. Rank 0 gets the merge;
     * the others {@code null}.
     */
    private ProfileMerger.Streaming treeMerge(
            WorldComm comm, ProfileMerger.Streaming own, long[] workNs, int[] partials) throws Exception {
        return TreeReduce.run(
                TreeReduce.links(comm),
                own,
                PartialProfileFormat.write(new ProfileMerger.Streaming()),
                new TreeReduce.Part<ProfileMerger.Streaming>() {
                    @Override
                    public byte[] encode(ProfileMerger.Streaming partial) {
                        return PartialProfileFormat.write(partial);
                    }

                    @Override
                    public ProfileMerger.Streaming decode(byte[] data) throws Exception {
                        long t = System.nanoTime();
                        try {
                            return PartialProfileFormat.read(data);
                        } finally {
                            workNs[0] += System.nanoTime() - t;
                        }
                    }

                    @Override
                    public void combine(ProfileMerger.Streaming into, ProfileMerger.Streaming child) {
                        long t = System.nanoTime();
                        into.combine(child);
                        workNs[0] += System.nanoTime() - t;
                        partials[0]++;
                    }

                    @Override
                    public void problem(String what, Exception cause) {
                        output.say(what + " failed (" + cause + "); those ranks are left out");
                    }
                });
    }

    /**
     * Pcontrol levels other than 0 and 1: 2 writes this rank's snapshot (and refreshes its
     * per-rank file), 3 a verbose and 4 a concise report of this rank, now. Local to the rank:
     * MPI_Pcontrol is not collective, so nothing here waits for other ranks.
     */
    private void pcontrolOutput(int level) throws Exception {
        OutputSession s = session;
        if (s == null || level < 2 || level > 4) {
            return;
        }
        int n;
        synchronized (this) {
            n = ++pcontrolOutputs;
        }
        int rank = s.rank();
        if (level == 2) {
            byte[] json = writeRankFile(RankProfile.State.RUNNING);
            AtomicFiles.write(
                    ResultFiles.pcontrol(s.dir(), rank, n, "snapshot.json"), new String(json, StandardCharsets.UTF_8));
            return;
        }
        TextReport.Detail detail = level == 3 ? TextReport.Detail.VERBOSE : TextReport.Detail.CONCISE;
        Profile mine = ProfileMerger.merge(List.of(snapshot(RankProfile.State.RUNNING)));
        String title = "qmpi4j profile of rank " + rank + " only, at MPI_Pcontrol(" + level + ") (output " + n
                + " of this rank)";
        AtomicFiles.write(
                ResultFiles.pcontrol(s.dir(), rank, n, level == 3 ? "verbose.txt" : "concise.txt"),
                TextReport.render(mine, detail, title));
    }

    /** Writes {@code ranks/rank-<r>.profile.json} atomically; returns its content. */
    private byte[] writeRankFile(RankProfile.State state) {
        OutputSession s = session;
        if (s == null) {
            return new byte[0];
        }
        synchronized (fileLock) {
            String json = RankProfileFormat.write(snapshot(state));
            if (s.ranksWritable()) {
                try {
                    AtomicFiles.write(ResultFiles.rankProfile(s.dir(), s.rank()), json);
                } catch (Exception e) {
                    fault("writing " + ResultFiles.rankProfile(s.dir(), s.rank()), e);
                }
            }
            return json.getBytes(StandardCharsets.UTF_8);
        }
    }

    /** This rank's measurements now. */
    RankProfile snapshot(RankProfile.State state) {
        OutputSession s = session;
        RankProfile.Builder b =
                RankProfile.builder(s.rank(), s.size(), binding).state(state).appNs(System.nanoTime() - appStartNs);
        ProcessFacts.describe(b);
        CallStats[] functions = new CallStats[FUNCTIONS.length];
        sites.forEach(new SiteCopier(b, functions));
        for (MpiFunction f : FUNCTIONS) {
            CallStats total = functions[f.ordinal()];
            if (total != null && total.calls() > 0) {
                b.function(f.name(), f.kind().name(), total);
            }
        }
        SentTable t = sent;
        if (t != null) {
            t.copyInto(b);
        }
        return b.build();
    }

    /** Copies each call site's statistics into the builder and sums them per function. */
    private static final class SiteCopier implements SiteTable.Visitor {
        private final RankProfile.Builder builder;
        private final CallStats[] functions;

        SiteCopier(RankProfile.Builder builder, CallStats[] functions) {
            this.builder = builder;
            this.functions = functions;
        }

        @Override
        public void visit(CallingAddress address, int function, Accumulator acc) {
            CallStats site = acc.snapshot();
            builder.site(siteKey(address, FUNCTIONS[function]), site);
            functions[function] = functions[function] == null ? site.copy() : functions[function].merge(site);
        }
    }

    private static SiteKey siteKey(CallingAddress a, MpiFunction f) {
        if (a == null) {
            return new SiteKey(f.name(), "(unknown)", "(unknown)", null, -1);
        }
        return new SiteKey(f.name(), a.className(), a.methodName(), a.fileName(), a.line());
    }

    private void fault(String what, Throwable t) {
        output.fault(what, t);
    }

    /** For tests: the directory results go to, or null. */
    Path dir() {
        OutputSession s = session;
        return s == null ? null : s.dir();
    }
}
