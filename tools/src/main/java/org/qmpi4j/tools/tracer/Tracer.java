package org.qmpi4j.tools.tracer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.output.LifecycleHandlers;
import org.qmpi4j.api.output.OutputDirectory;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Setting;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.report.files.AtomicFiles;
import org.qmpi4j.report.files.ResultFiles;
import org.qmpi4j.report.profile.Units;
import org.qmpi4j.report.trace.CausalityCorrection;
import org.qmpi4j.report.trace.ChromeTraceAssembler;
import org.qmpi4j.report.trace.ClockModel;
import org.qmpi4j.report.trace.PerfettoTraceAssembler;
import org.qmpi4j.report.trace.ShardSummary;
import org.qmpi4j.report.trace.TraceFileWriter;
import org.qmpi4j.report.trace.TraceFormat;
import org.qmpi4j.report.trace.TraceIndex;
import org.qmpi4j.tools.mpi.CallClock;
import org.qmpi4j.tools.mpi.ChunkedGather;
import org.qmpi4j.tools.mpi.Completions;
import org.qmpi4j.tools.mpi.MessageRoles;
import org.qmpi4j.tools.mpi.PeerTranslator;
import org.qmpi4j.tools.mpi.StatusCompletions;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.OutputSession;

/**
 * One instance of the {@code tracer} tool: records each MPI call as one line of its rank's trace
 * file and, at {@code MPI_Finalize}, brings every rank's file to rank 0, which writes the Chrome
 * trace.
 *
 * <p>Clock: at {@code MPI_Init} and again at {@code MPI_Finalize} each rank measures its offset to
 * rank 0 ({@link ClockSync}) and writes it into its shard; times in the shard stay on the rank's
 * own clock ({@link TracerClock}), and whoever builds the trace maps them onto rank 0's
 * ({@link ClockModel}: linear drift between the two measurements). Rank 0 writes {@code trace.json}
 * while the shards total at most {@link #JSON_LIMIT}, else {@code trace.pftrace} (Perfetto's
 * protobuf format, which the JSON viewers' limits do not bind); past {@link #MERGE_LIMIT} it gathers
 * only the shards' summaries and writes {@code trace-index.json}.
 *
 * <p>Arrows: a send and a receive carry their sequence number among messages of the same envelope
 * on the same communicator ({@link Communicators}, any communicator); by MPI's non-overtaking rule
 * the n-th of each belong together. Each line also names its call site ({@link CallSites}), its
 * communicator, a collective's number on it, and the request a call created ({@link RequestIds}),
 * which the completing call names again ({@link TraceFormat}, version 4). A wildcard
 * receive's envelope is read from the status of the call that completed it; a completion whose
 * method returns no status is run through the one that does ({@link StatusCompletions}). A
 * nonblocking receive's arrow ends at the call that completed it ({@link PostedReceives}: a
 * {@code W} line after that call's line), where the message was actually received. Where the
 * order of receives cannot be known, {@link PostedReceives} says why and the rank draws no more
 * arrow ends rather than wrong ones.
 */
final class Tracer {
    private static final MpiFunction[] FUNCTIONS = MpiFunction.values();
    static final long DEFAULT_LIMIT = 256L << 20;
    /** The setting {@code tracer.limit}. */
    static final Setting<Long> LIMIT = Setting.byteSize(
            "tracer.limit",
            DEFAULT_LIMIT,
            "the most bytes each rank's trace file may take, e.g. `64m`, `2g`. Past it the rank stops recording,"
                    + " says so once on stderr (`qmpi4j tracer: rank 3 reached the trace size limit ...`), and the trace"
                    + " shows an instant event on that rank's track and lists it in `otherData.truncated_ranks`;"
                    + " the profile is unaffected");

    /** Chosen by what the JSON viewers open: benchmarks/TRACE-VIEWERS.md. */
    static final long DEFAULT_JSON_LIMIT = 16L << 20;
    /** The setting {@code tracer.json-limit}. */
    static final Setting<Long> JSON_LIMIT = Setting.byteSize(
            "tracer.json-limit",
            DEFAULT_JSON_LIMIT,
            "the most bytes of per-rank shards (`ranks/rank-<r>.trace`, all ranks together) that rank 0 writes as"
                    + " `trace.json` (Chrome Trace Event JSON: Perfetto, chrome://tracing, Chrome DevTools) at"
                    + " `MPI_Finalize`. Past it, up to `tracer.merge-limit`, rank 0 writes the same trace as"
                    + " `trace.pftrace` (Perfetto's protobuf format: open it in https://ui.perfetto.dev), since as JSON"
                    + " it would take several times the shards' bytes, more than the JSON viewers open well;"
                    + " `qmpi4j trace --format json` still builds JSON of chosen ranks and a time window");

    static final long DEFAULT_MERGE_LIMIT = 64L << 20;
    /** The setting {@code tracer.merge-limit}. */
    static final Setting<Long> MERGE_LIMIT = Setting.byteSize(
            "tracer.merge-limit",
            DEFAULT_MERGE_LIMIT,
            "the most bytes of per-rank shards (`ranks/rank-<r>.trace`, all ranks together) that rank 0 gathers into"
                    + " `trace.json` or `trace.pftrace` (see `tracer.json-limit`) at `MPI_Finalize`. Past it nothing is"
                    + " gathered: each rank keeps its shard, rank 0 writes `trace-index.json` and says how to build a"
                    + " trace of chosen ranks and a time window (`qmpi4j trace`)");

    /** What rank 0 makes of the shards at MPI_Finalize (broadcast as one byte). */
    private static final byte WRITE_INDEX = 0;

    private static final byte WRITE_JSON = 1;
    private static final byte WRITE_PERFETTO = 2;

    private static final int BUFFER = 1 << 16;

    private final int toolId;
    private final Settings settings;
    /** The performance variables sampled ({@code tracer.pvars}), or null: none, or no longer. */
    private volatile PvarSampler pvars;

    private PvarSchedule pvarSchedule;
    private final PrintStream err;
    /** This rank's trace file flushed periodically and at exit; faults reported once. */
    private final RankOutput output;

    private final ToolFunction[] next = new ToolFunction[FUNCTIONS.length];
    private final boolean[] defined = new boolean[FUNCTIONS.length];
    /** The calls that create a persistent request: its id lasts until it is freed. */
    private static final java.util.Set<MpiFunction> PERSISTENT = java.util.EnumSet.of(
            MpiFunction.MPI_SEND_INIT,
            MpiFunction.MPI_BSEND_INIT,
            MpiFunction.MPI_SSEND_INIT,
            MpiFunction.MPI_RSEND_INIT,
            MpiFunction.MPI_RECV_INIT);

    private final CallSites sites = new CallSites();
    /** Per thread, the one completion a wait or test of one request names (reused: no allocation per call). */
    private final ThreadLocal<long[]> scratch = new Scratch();

    private final RequestIds requests = new RequestIds();
    private final ReceiveBytes receiveBytes;
    /** The communicators met, with the counts of messages and collectives on each; set at MPI_Init. */
    private volatile Communicators comms;
    /** Receives posted by MPI_IRECV and not yet completed; set with {@link #comms}. */
    private volatile PostedReceives posted;

    private static final long[] NO_COMPLETIONS = new long[0];
    private long[] threads = new long[8];
    private int threadCount;
    /**
     * The first thread that recorded: known without taking the lock that {@link #seen} needs for
     * the others. Written once under that lock; a stale read only takes the locked path.
     */
    private Thread firstThread;

    private volatile TraceFileWriter writer;
    private volatile boolean closed;
    private volatile OutputSession session;
    private volatile PeerTranslator peers;
    private volatile Object world;
    /** This rank's clock (skewed only under the test-only setting); maps the raw instants. */
    private volatile TracerClock clock = new TracerClock(0, 0);

    private volatile ClockModel clockModel = ClockModel.IDENTITY;
    private volatile long zero;
    /** This rank's MPI_Init entry on its own clock. */
    private volatile long initEntryLocal;

    private String binding = "unknown";
    /** Binding constants read on first use ({@link #UNREAD} until then). */
    private static final int UNREAD = Integer.MIN_VALUE;

    private volatile int undefined = UNREAD;
    private volatile int procNull = UNREAD;

    Tracer(int toolId, Settings settings, PrintStream err) {
        this.toolId = toolId;
        this.settings = settings;
        this.err = err;
        this.output = new RankOutput("tracer", new Flush(this), err);
        this.receiveBytes = new ReceiveBytes();
    }

    /*
     * The handlers and callbacks below are named classes, not lambdas or method references: each
     * of those is linked at its first use by spinning a hidden class, about a millisecond of a
     * short job's start apiece before any of it is compiled.
     */

    /** Writes the buffered events when RankOutput asks (periodically, at exit, at abort). */
    private static final class Flush implements RankOutput.Flusher {
        private final Tracer tracer;

        Flush(Tracer tracer) {
            this.tracer = tracer;
        }

        @Override
        public void flush(RankOutput.Reason reason) throws Exception {
            tracer.flush();
        }
    }

    /**
     * The handler of every function without a life-cycle role: {@link #trace}. A class of this tool's own,
     * deliberately not shared with the other tools: a shared handler class would give the JIT one
     * profile for every tool's calls, and a call site that sees several tools is not inlined.
     */
    private static final class EveryCall implements ToolHandler {
        private final Tracer tracer;

        EveryCall(Tracer tracer) {
            this.tracer = tracer;
        }

        @Override
        public Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            return tracer.trace(context, id, call);
        }
    }

    /** The life-cycle handlers (each runs once or a few times), by {@link MpiFunction}. */
    private static final class Lifecycle implements ToolHandler {
        private final Tracer tracer;
        private final MpiFunction role;

        Lifecycle(Tracer tracer, MpiFunction role) {
            this.tracer = tracer;
            this.role = role;
        }

        @Override
        public Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            switch (role) {
                case MPI_INIT:
                    return tracer.init(context, id, call);
                case MPI_FINALIZE:
                    return tracer.finalizeMpi(context, id, call);
                case MPI_ABORT:
                    return tracer.abort(context, id, call);
                default:
                    return tracer.pcontrol(context, id, call);
            }
        }
    }

    /** One completion's numbers, per thread. */
    private static final class Scratch extends ThreadLocal<long[]> {
        @Override
        protected long[] initialValue() {
            return new long[TraceFileWriter.COMPLETION_FIELDS];
        }
    }

    /** Drops what a rank other than the root receives: it only sends. */
    private static final class Discard implements ChunkedGather.Sink {
        static final Discard INSTANCE = new Discard();

        @Override
        public void accept(int rank, byte[] data, int off, int len) {}
    }

    /** Feeds every rank's shard to the causality correction's collector; a rank it cannot read is marked. */
    private static final class ToCollector implements ChunkedGather.Sink {
        private final CausalityCorrection.Collector collector;
        final boolean[] unread;

        ToCollector(CausalityCorrection.Collector collector, int ranks) {
            this.collector = collector;
            this.unread = new boolean[ranks];
        }

        @Override
        public void accept(int rank, byte[] data, int off, int len) {
            if (!unread[rank]) {
                try {
                    collector.feed(rank, data, off, len);
                } catch (IOException e) {
                    unread[rank] = true; // the assembly reports it
                }
            }
        }
    }

    /**
     * Feeds every rank's shard to the assembler of the format chosen (the other is {@code null}); a
     * rank it cannot read is left out, and said so.
     */
    private static final class ToAssembler implements ChunkedGather.Sink {
        private final ChromeTraceAssembler json;
        private final PerfettoTraceAssembler perfetto;
        private final RankOutput output;
        private final boolean[] broken;

        ToAssembler(ChromeTraceAssembler json, PerfettoTraceAssembler perfetto, RankOutput output, int ranks) {
            this.json = json;
            this.perfetto = perfetto;
            this.output = output;
            this.broken = new boolean[ranks];
        }

        @Override
        public void accept(int rank, byte[] data, int off, int len) {
            if (!broken[rank]) {
                try {
                    if (json != null) {
                        json.feed(rank, data, off, len);
                    } else {
                        perfetto.feed(rank, data, off, len);
                    }
                } catch (IOException e) {
                    broken[rank] = true; // keep receiving: the other ranks are still sending
                    output.say("rank " + rank + "'s trace is unreadable (" + e.getMessage() + "); left out");
                }
            }
        }
    }

    void register() {
        Qmpi.registerToolStorage(toolId, this);
        Qmpi.requestCallTimes(toolId);
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

    private Object trace(QmpiContext context, int id, MpiCall call) throws Exception {
        ToolFunction n = next[call.function().ordinal()];
        if (closed || writer == null) {
            return n.invoke(context, call);
        }
        long t0 = CallClock.entry(call);
        boolean returned = false;
        try {
            MpiCall withStatuses = posted.wildcardWaiting() ? withStatuses(call) : null;
            if (withStatuses != null) {
                Object statuses = n.invoke(context, withStatuses);
                returned = true;
                return StatusCompletions.asWritten(call, statuses, undefined());
            }
            Object result = n.invoke(context, call);
            returned = true;
            return result;
        } finally {
            record(call, t0, CallClock.exit(call), returned);
        }
    }

    /**
     * {@code call} through the method that returns statuses, when it would complete a pending
     * wildcard receive with a method that returns none (Open MPI's {@code waitFor()},
     * {@code waitAll}, ...): the status is the only place that says what the receive took. Else, or
     * if the binding offers no such method, {@code null}: the call runs as written.
     */
    private MpiCall withStatuses(MpiCall call) {
        if (!StatusCompletions.dropsStatuses(call) || !completesWildcard(call.request())) {
            return null;
        }
        try {
            return StatusCompletions.withStatuses(call);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private boolean completesWildcard(Object request) {
        if (request instanceof Object[]) {
            for (Object r : (Object[]) request) {
                if (posted.isWildcard(r)) {
                    return true;
                }
            }
            return false;
        }
        return posted.isWildcard(request);
    }

    /** The binding's {@code MPI.UNDEFINED}, the index an any-completion gives when nothing completed. */
    private int undefined() {
        int u = undefined;
        if (u == UNREAD) {
            u = intConstant("UNDEFINED");
            undefined = u;
        }
        return u;
    }

    /** The binding's {@code MPI.PROC_NULL}: a receive from it takes no message. */
    private int procNull() {
        int p = procNull;
        if (p == UNREAD) {
            p = intConstant("PROC_NULL");
            procNull = p;
        }
        return p;
    }

    private int intConstant(String name) {
        try {
            Object c = Qmpi.bindingConstant(toolId, name);
            return c instanceof Integer ? (Integer) c : UNREAD - 1;
        } catch (RuntimeException e) {
            return UNREAD - 1; // a binding without it: no rank or index equals this
        }
    }

    private Object init(QmpiContext context, int id, MpiCall call) throws Exception {
        long entry = System.nanoTime();
        Object result = next[call.function().ordinal()].invoke(context, call);
        long done = System.nanoTime();
        try {
            start(call.binding(), entry);
            record(call, entry, done, true);
        } catch (Exception | LinkageError e) {
            fault(
                    session != null
                            ? "opening this rank's trace file; the trace leaves this rank out"
                            : "setting up after MPI_Init; no trace will be written",
                    e);
        }
        return result;
    }

    private Object finalizeMpi(QmpiContext context, int id, MpiCall call) throws Exception {
        if (!closed && session != null) {
            long now = System.nanoTime();
            record(call, now, now, true); // the trace is gathered before MPI_Finalize runs
            closePvars();
            try {
                gatherAndWrite();
            } catch (Exception | LinkageError e) {
                fault("gathering the trace at MPI_Finalize; per-rank files are in ranks/", e);
            }
        }
        return next[call.function().ordinal()].invoke(context, call);
    }

    private Object abort(QmpiContext context, int id, MpiCall call) throws Exception {
        if (!closed && writer != null) {
            long now = System.nanoTime();
            record(call, now, now, true);
            output.flush(RankOutput.Reason.ABORT);
        }
        OutputSession s = session;
        if (s != null) {
            s.aborting();
        }
        return next[call.function().ordinal()].invoke(context, call);
    }

    private Object pcontrol(QmpiContext context, int id, MpiCall call) throws Exception {
        Object result = trace(context, id, call);
        if (call.argumentCount() > 0 && Integer.valueOf(2).equals(call.argument(0))) {
            output.flush(RankOutput.Reason.PCONTROL); // level 2: buffers to disk
        }
        return result;
    }

    // ---- recording --------------------------------------------------------------------------

    /**
     * @param returned whether the call returned (rather than threw): only then did a completion
     *     call complete its requests
     */
    private void record(MpiCall call, long startNs, long endNs, boolean returned) {
        TraceFileWriter w = writer;
        if (w == null || closed) {
            return;
        }
        MpiFunction f = call.function();
        int ord = f.ordinal();
        try {
            if (!defined[ord]) {
                define(w, f);
            }
            Thread thread = Thread.currentThread();
            long tid = thread.getId();
            if (thread != firstThread && !seen(thread)) {
                w.defineThread(tid, thread.getName());
            }
            long peer = TraceFormat.NONE;
            long tag = TraceFormat.NONE;
            long bytes = TraceFormat.NONE;
            long send = TraceFormat.NONE;
            long recvPeer = TraceFormat.NONE;
            long recvTag = TraceFormat.NONE;
            long recv = TraceFormat.NONE;
            long root = TraceFormat.NONE;
            long collective = TraceFormat.NONE;
            long request = TraceFormat.NONE;
            long recvBytes = TraceFormat.NONE;
            long level = TraceFormat.NONE;
            long site = sites.id(call.callingAddress(), w);
            Object comm = call.communicator();
            // Described only after a call on it returned: one that failed may not have been given a
            // communicator at all; nor after it was freed (MPI_COMM_FREE is recorded after it ran).
            long commId = comm == null
                    ? TraceFormat.NONE
                    : comms.id(
                            comm,
                            returned && f != MpiFunction.MPI_COMM_FREE && f != MpiFunction.MPI_COMM_DISCONNECT,
                            w);
            int p = MpiCall.ABSENT;
            int t = MpiCall.ABSENT;
            if (f.movesData() || f.kind() == MpiFunction.Kind.POINT_TO_POINT) {
                p = call.peer();
                t = call.tag();
                if (p != MpiCall.ABSENT) {
                    peer = p >= 0 ? peers.toWorld(comm, p) : p;
                }
                if (t != MpiCall.ABSENT) {
                    tag = t;
                }
                if (f.movesData()) {
                    bytes = call.bytes();
                }
            }
            if (f.kind() == MpiFunction.Kind.COLLECTIVE && commId != TraceFormat.NONE) {
                collective = comms.nextCollective(commId);
                if (p >= 0) {
                    root = peer; // a rooted collective's peer is its root
                }
            }
            if (returned && ReceiveBytes.receives(f)) {
                recvBytes = receiveBytes.of(call);
            }
            if (f == MpiFunction.MPI_PCONTROL && call.argumentCount() > 0 && call.argument(0) instanceof Integer) {
                level = (Integer) call.argument(0);
            }
            if (commId != TraceFormat.NONE && f.sendsMessage() && p >= 0 && t >= 0 && peer >= 0) {
                send = comms.sent(commId).next(LongCounters.envelope(p, t));
            }
            if (returned && f.kind() != MpiFunction.Kind.COMPLETION) {
                Object created = call.request();
                if (created != null) {
                    request = requests.created(created, PERSISTENT.contains(f));
                }
            }
            if (commId != TraceFormat.NONE
                    && returned
                    && (MessageRoles.RECEIVES.contains(f)
                            || f == MpiFunction.MPI_SENDRECV
                            || f == MpiFunction.MPI_SENDRECV_REPLACE)) {
                int src = MessageRoles.RECEIVES.contains(f) ? p : MessageRoles.sendRecvSource(call);
                int rtag = MessageRoles.RECEIVES.contains(f) ? t : MessageRoles.sendRecvTag(call);
                if (src >= 0 && rtag >= 0) {
                    recv = posted.receiveNamed(commId, src, rtag);
                    if (recv != TraceFormat.NONE) {
                        recvPeer = peers.toWorld(comm, src);
                        recvTag = rtag;
                        if (f == MpiFunction.MPI_IRECV) {
                            posted.post(call.request(), commId, src, rtag, recv);
                        }
                    }
                } else if (src != MpiCall.ABSENT && rtag != MpiCall.ABSENT && src != procNull()) {
                    if (f == MpiFunction.MPI_IRECV) {
                        posted.postWildcard(call.request(), commId, src, rtag);
                    } else {
                        long[] envelope = new long[2];
                        recv = posted.receiveWildcard(commId, call.result(), envelope);
                        if (recv != TraceFormat.NONE) {
                            recvPeer = peers.toWorld(comm, (int) envelope[0]);
                            recvTag = envelope[1];
                        }
                    }
                }
                if (recvPeer < 0) {
                    recv = TraceFormat.NONE; // a process outside COMM_WORLD: no arrow
                    recvPeer = TraceFormat.NONE;
                    recvTag = TraceFormat.NONE;
                }
            }
            long[] completed = NO_COMPLETIONS;
            int completedCount = 0;
            if (returned && (posted.waiting() || requests.any()) && Completions.COMPLETING.contains(f)) {
                Object one = call.request();
                if ((f == MpiFunction.MPI_WAIT || f == MpiFunction.MPI_TEST)
                        && one != null
                        && !(one instanceof Object[])) {
                    completed = scratch.get();
                    completedCount = completeOne(f, one, call.result(), completed) ? 1 : 0;
                } else {
                    completed = completions(call);
                    completedCount = completed.length / TraceFileWriter.COMPLETION_FIELDS;
                }
            } else if (f == MpiFunction.MPI_REQUEST_FREE && (posted.waiting() || requests.any())) {
                posted.forget(call.request()); // completes unseen: its arrow ends at the MPI_IRECV
                requests.forget(call.request());
            }
            if (returned && comms.isCommunicator(call.result())) {
                comms.created(call.result(), w); // defined now, so that numbering follows creation
            } else if (f == MpiFunction.MPI_COMM_FREE || f == MpiFunction.MPI_COMM_DISCONNECT) {
                comms.forget(comm);
            }
            TracerClock c = clock;
            long start = c.local(startNs);
            if (!w.event(
                            ord,
                            tid,
                            start,
                            c.local(endNs) - start,
                            peer,
                            tag,
                            bytes,
                            send,
                            recvPeer,
                            recvTag,
                            recv,
                            site,
                            commId,
                            root,
                            collective,
                            request,
                            recvBytes,
                            level,
                            completed,
                            completedCount)
                    && w.limitReached()) {
                output.sayOnce(
                        "limit",
                        "rank " + session.rank() + " reached the trace size limit of "
                                + Units.bytes(w.limitBytes()) + " after " + w.eventsWritten()
                                + " calls; later calls are not traced"
                                + " (raise " + LIMIT.systemProperty() + " / " + LIMIT.environmentVariable() + ")");
            }
            PvarSampler sampler = pvars;
            if (sampler != null) {
                samplePvars(w, sampler, f, endNs);
            }
        } catch (IOException | RuntimeException e) {
            fault("recording " + f, e);
        }
    }

    /**
     * What a wait or test of one request completed, into {@code out} as {@link #completions} puts
     * it, without allocating (the common case: a wait per nonblocking call); whether it names
     * anything.
     */
    private boolean completeOne(MpiFunction f, Object request, Object result, long[] out) {
        if (f == MpiFunction.MPI_TEST && !(result instanceof Boolean ? (Boolean) result : result != null)) {
            return false; // nothing completed
        }
        Object status = result instanceof Boolean || result instanceof Integer ? null : result;
        long id = requests.completed(request);
        boolean message = posted.completeOne(request, status, out, 1); // comm, source, tag, seq
        if (message) {
            int world = peers.toWorld(comms.communicator(out[1]), (int) out[2]);
            out[2] = world >= 0 ? world : TraceFormat.NONE;
            message = world >= 0;
        }
        if (!message) {
            out[2] = TraceFormat.NONE;
            out[3] = TraceFormat.NONE;
            out[4] = TraceFormat.NONE;
        }
        out[0] = id;
        return id != TraceFormat.NONE || message;
    }

    /**
     * What a completion call completed, {@link TraceFileWriter#COMPLETION_FIELDS} numbers per
     * request that has an id or names a message: request id, and for a receive its communicator id
     * and the message (source as a {@code COMM_WORLD} rank, tag, sequence number).
     */
    private long[] completions(MpiCall call) {
        List<Object> done = new java.util.ArrayList<>(4);
        List<Object> statuses = new java.util.ArrayList<>(4);
        Completions.completed(call, done, statuses);
        long[] messages = posted.complete(done, statuses);
        long[] out = new long[TraceFileWriter.COMPLETION_FIELDS * done.size()];
        int n = 0;
        for (int i = 0; i < done.size(); i++) {
            long id = requests.completed(done.get(i));
            int m = PostedReceives.FIELDS * i;
            long source = TraceFormat.NONE;
            if (messages[m + 3] != TraceFormat.NONE) {
                int world = peers.toWorld(comms.communicator(messages[m]), (int) messages[m + 1]);
                source = world >= 0 ? world : TraceFormat.NONE;
            }
            if (id == TraceFormat.NONE && source == TraceFormat.NONE) {
                continue; // neither an id nor a message to name
            }
            int o = TraceFileWriter.COMPLETION_FIELDS * n++;
            out[o] = id;
            out[o + 1] = messages[m];
            out[o + 2] = source;
            out[o + 3] = source == TraceFormat.NONE ? TraceFormat.NONE : messages[m + 2];
            out[o + 4] = source == TraceFormat.NONE ? TraceFormat.NONE : messages[m + 3];
        }
        return n == done.size() ? out : java.util.Arrays.copyOf(out, TraceFileWriter.COMPLETION_FIELDS * n);
    }

    private synchronized void define(TraceFileWriter w, MpiFunction f) throws IOException {
        if (!defined[f.ordinal()]) {
            w.defineFunction(f.ordinal(), f.name());
            defined[f.ordinal()] = true;
        }
    }

    /** Whether {@code thread} was seen before; records it if not. */
    private synchronized boolean seen(Thread thread) {
        long tid = thread.getId();
        if (firstThread == null) {
            firstThread = thread;
        }
        for (int i = 0; i < threadCount; i++) {
            if (threads[i] == tid) {
                return true;
            }
        }
        if (threadCount == threads.length) {
            threads = java.util.Arrays.copyOf(threads, threads.length * 2);
        }
        threads[threadCount++] = tid;
        return false;
    }

    // ---- life cycle -------------------------------------------------------------------------

    private void start(String bindingId, long initEntryNs) throws Exception {
        binding = bindingId;
        WorldComm comm = new WorldComm(toolId, bindingId);
        world = comm.world();
        peers = new PeerTranslator(toolId, comm.world(), comm.size());
        Communicators c0 = new Communicators(peers, comm.world());
        comms = c0;
        posted = new PostedReceives(c0);
        OutputSession s = OutputSession.open(comm, OutputDirectory.requested(toolId, settings), err);
        long limit = settings.get(LIMIT);
        TracerClock c = TracerClock.forRank(settings.get(TracerClock.TEST_SKEW), comm.rank());
        clock = c;
        comm.barrier();
        ClockSync.Measurement m = null;
        long z;
        if (comm.canExchangeData()) {
            // This rank's offset to rank 0; the zero is the earliest MPI_Init entry on rank 0's clock.
            m = c.biased(ClockSync.measure(comm, c));
            clockModel = ClockModel.IDENTITY.with(m.local, m.offset, m.error);
            z = -comm.allMax(-clockModel.toReference(c.local(initEntryNs)));
        } else {
            // No data exchange: each rank's own MPI_Init entry is its zero (ranks aligned within MPI_Init's spread).
            comm.barrier();
            z = c.local(initEntryNs);
        }
        zero = z;
        initEntryLocal = c.local(initEntryNs);
        if (s.dir() == null) {
            return; // no rank has a folder: none gathers
        }
        s.join();
        // From here this rank takes part in the gather at MPI_Finalize, with or without a shard:
        // the others wait for it in every collective and round trip of the gather.
        session = s;
        if (!s.ranksWritable()) {
            return; // said once for the node when the folder could not be made
        }
        TraceFileWriter w = new TraceFileWriter(
                ResultFiles.rankTrace(s.dir(), s.rank()), s.rank(), s.size(), bindingId, limit, BUFFER);
        if (m != null) {
            w.clock(m.local, m.offset, m.error);
        }
        w.zero(z);
        c0.id(comm.world(), true, w); // COMM_WORLD is communicator 0
        List<String> wanted = settings.get(TracerTool.PVARS);
        if (!wanted.isEmpty()) {
            try {
                startPvars(w, wanted, comm.world(), s.rank());
            } catch (RuntimeException e) {
                fault("opening MPI_T performance variables; none is sampled", e);
            }
        }
        writer = w;
        // On disk now, not at the first periodic flush: a rank killed outright before it (Slurm
        // kills a step's ranks with SIGKILL when one calls MPI_Abort) still leaves a shard that
        // names its job and clock.
        flush();
        output.start(settings.get(RankOutput.FLUSH_SECONDS));
    }

    private void flush() {
        TraceFileWriter w = writer;
        if (w != null) {
            try {
                w.flush();
            } catch (IOException e) {
                fault("writing the trace file", e);
            }
        }
    }

    /**
     * Collective: measures the clocks again, then either brings every rank's shard to rank 0,
     * which writes {@code trace.json} or (past the JSON limit) {@code trace.pftrace}, or (past the
     * merge limit) only their summaries, from which rank 0 writes {@code trace-index.json}.
     */
    private void gatherAndWrite() throws Exception {
        OutputSession s = session;
        TraceFileWriter w = writer; // null: this rank has no shard, and takes part with an empty one
        closed = true;
        output.stop();
        Path file = ResultFiles.rankTrace(s.dir(), s.rank());
        WorldComm comm = s.comm();
        if (comm.canExchangeData()) {
            ClockSync.Measurement m = clock.biased(ClockSync.measure(comm, clock));
            clockModel = clockModel.with(m.local, m.offset, m.error);
            // The zero again, through the whole model: no call maps before it.
            zero = -comm.allMax(-clockModel.toReference(initEntryLocal));
            try {
                if (w != null) {
                    w.clock(m.local, m.offset, m.error);
                    w.zero(zero);
                }
            } catch (IOException e) {
                fault("writing " + file, e);
            }
        }
        try {
            if (w != null) {
                w.close();
            }
        } catch (IOException e) {
            fault("closing " + file, e);
        }
        if (!comm.canExchangeData()) {
            if (comm.rank() == 0) {
                output.say("binding '" + binding + "' cannot gather; 'qmpi4j merge " + s.dir()
                        + "' builds the trace (trace.json, or trace.pftrace when large) from the per-rank files");
            }
            s.finished(List.of());
            return;
        }
        long length = 0;
        if (w != null) {
            try {
                length = Files.size(file);
            } catch (IOException e) {
                fault("reading " + file, e);
            }
        }
        ShardSummary mine = w != null
                ? new ShardSummary(
                        comm.rank(),
                        length,
                        w.eventsWritten(),
                        w.limitReached(),
                        w.firstTime(),
                        w.lastTime(),
                        clockModel,
                        zero)
                : new ShardSummary(comm.rank(), 0, 0, false, 0, 0, clockModel, zero);
        List<ShardSummary> all = gatherSummaries(comm, mine);
        byte[] merge = new byte[1];
        if (comm.rank() == 0) {
            long total = 0;
            for (ShardSummary x : all) {
                total += x.bytes();
            }
            merge[0] = total > settings.get(MERGE_LIMIT)
                    ? WRITE_INDEX
                    : total <= settings.get(JSON_LIMIT) ? WRITE_JSON : WRITE_PERFETTO;
        }
        comm.bcast(merge, 0);
        if (merge[0] == WRITE_INDEX) {
            if (comm.rank() == 0) {
                writeIndex(s, comm, all);
                WaitStatesAtFinalize.addToProfile(s.dir(), comm.size(), output, false);
            } else {
                s.finished(List.of());
            }
            return;
        }
        // Two rounds: the message endpoints for the causality correction, then the calls.
        if (comm.rank() != 0) {
            for (int round = 0; round < 2; round++) {
                InputStream shard = open(file);
                try (InputStream in = shard != null ? shard : InputStream.nullInputStream()) {
                    ChunkedGather.run(comm, in, shard != null ? length : 0, 0, Discard.INSTANCE);
                }
            }
            s.finished(List.of());
        } else {
            writeAtRoot(s, comm, file, length, all, merge[0] == WRITE_JSON);
            WaitStatesAtFinalize.addToProfile(s.dir(), comm.size(), output, merge[0] == WRITE_PERFETTO);
        }
    }

    /**
     * This rank's shard, or {@code null} if it cannot be read (the rank still takes part with an
     * empty stream: the others would wait for ever).
     */
    private InputStream open(Path file) {
        if (writer == null) {
            return null; // no shard: said when it could not be made
        }
        try {
            return Files.newInputStream(file);
        } catch (IOException e) {
            fault("reading " + file, e);
            return null;
        }
    }

    /** Every rank's summary at rank 0 (a few numbers each); an empty list elsewhere. */
    private static List<ShardSummary> gatherSummaries(WorldComm comm, ShardSummary mine) throws Exception {
        int block = ShardSummary.LONGS * Long.BYTES;
        java.nio.ByteBuffer send = java.nio.ByteBuffer.allocate(block);
        for (long v : mine.toLongs()) {
            send.putLong(v);
        }
        byte[] recv = comm.rank() == 0 ? new byte[Math.multiplyExact(block, comm.size())] : null;
        comm.gather(send.array(), block, recv, 0);
        List<ShardSummary> all = new java.util.ArrayList<>();
        if (recv != null) {
            java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(recv);
            for (int r = 0; r < comm.size(); r++) {
                long[] v = new long[ShardSummary.LONGS];
                for (int i = 0; i < v.length; i++) {
                    v[i] = in.getLong();
                }
                all.add(ShardSummary.fromLongs(v));
            }
        }
        return all;
    }

    private void writeIndex(OutputSession s, WorldComm comm, List<ShardSummary> all) throws IOException {
        long total = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (ShardSummary x : all) {
            total += x.bytes();
            if (x.events() > 0) {
                start = Math.min(start, x.start());
                end = Math.max(end, x.end());
            }
        }
        TraceIndex.write(s.dir(), comm.size(), binding, all, List.of(), settings.get(MERGE_LIMIT));
        output.say("the " + comm.size() + " ranks' trace shards hold " + Units.bytes(total) + ", over "
                + MERGE_LIMIT.key() + " (" + Units.bytes(settings.get(MERGE_LIMIT)) + "): each rank's shard stays in "
                + ResultFiles.RANKS_DIR + "/, " + TraceIndex.FILE + " lists them; build a trace of chosen ranks and"
                + " a time window with: " + TraceIndex.command(s.dir(), comm.size(), Math.min(start, end), end));
        s.finished(List.of(TraceIndex.FILE));
    }

    private void writeAtRoot(
            OutputSession s, WorldComm comm, Path file, long length, List<ShardSummary> summaries, boolean json)
            throws Exception {
        CausalityCorrection.Collector collector = CausalityCorrection.collector(comm.size(), summaries);
        ToCollector sink = new ToCollector(collector, comm.size());
        boolean[] unread = sink.unread;
        InputStream shard = open(file);
        try (InputStream mine = shard != null ? shard : InputStream.nullInputStream()) {
            ChunkedGather.run(comm, mine, shard != null ? length : 0, 0, sink);
        }
        for (int r = 0; r < comm.size(); r++) {
            if (!unread[r]) {
                collector.endRank(r);
            }
        }
        CausalityCorrection correction = collector.solve();
        InputStream again = open(file);
        try (InputStream mine = again != null ? again : InputStream.nullInputStream()) {
            if (json) {
                assemble(s, comm, mine, again != null ? length : 0, summaries, correction);
            } else {
                assemblePerfetto(s, comm, mine, again != null ? length : 0, summaries, correction);
            }
        }
    }

    private void assemble(
            OutputSession s,
            WorldComm comm,
            InputStream mine,
            long length,
            List<ShardSummary> summaries,
            CausalityCorrection correction)
            throws Exception {
        Path target = s.dir().resolve(ResultFiles.TRACE_JSON);
        PendingFile file = create(target);
        Path tmp = file.tmp;
        Writer out = new OutputStreamWriter(file.out, StandardCharsets.UTF_8);
        ChromeTraceAssembler assembler = new ChromeTraceAssembler(out, comm.size(), binding);
        assembler.correction(correction);
        for (ShardSummary x : summaries) {
            assembler.clock(x.rank(), x.clock(), x.zero());
        }
        ChunkedGather.run(comm, mine, length, 0, new ToAssembler(assembler, null, output, comm.size()));
        for (int r = 0; r < comm.size(); r++) {
            assembler.endRank(r);
        }
        ChromeTraceAssembler.Summary summary = assembler.finish();
        out.close();
        if (tmp != null) {
            AtomicFiles.moveIntoPlace(tmp, target);
            if (!summary.truncatedRanks().isEmpty()) {
                output.say("the trace of rank(s) " + summary.truncatedRanks()
                        + " stops early: the size limit was reached (see trace.json, otherData.truncated_ranks)");
            }
            s.finished(List.of(ResultFiles.TRACE_JSON));
        } else {
            s.finished(List.of());
        }
    }

    /** As {@link #assemble}, in Perfetto's protobuf format, into {@code trace.pftrace}. */
    private void assemblePerfetto(
            OutputSession s,
            WorldComm comm,
            InputStream mine,
            long length,
            List<ShardSummary> summaries,
            CausalityCorrection correction)
            throws Exception {
        Path target = s.dir().resolve(ResultFiles.TRACE_PFTRACE);
        PendingFile file = create(target);
        Path tmp = file.tmp;
        OutputStream out = file.out;
        PerfettoTraceAssembler assembler = new PerfettoTraceAssembler(out, comm.size());
        assembler.correction(correction);
        long total = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (ShardSummary x : summaries) {
            assembler.rank(x);
            total += x.bytes();
            if (x.events() > 0) {
                start = Math.min(start, x.start());
                end = Math.max(end, x.end());
            }
        }
        ChunkedGather.run(comm, mine, length, 0, new ToAssembler(null, assembler, output, comm.size()));
        for (int r = 0; r < comm.size(); r++) {
            assembler.endRank(r);
        }
        PerfettoTraceAssembler.Summary summary = assembler.finish();
        out.close();
        if (tmp != null) {
            AtomicFiles.moveIntoPlace(tmp, target);
            output.say("the " + comm.size() + " ranks' trace shards hold " + Units.bytes(total) + ", over "
                    + JSON_LIMIT.key() + " (" + Units.bytes(settings.get(JSON_LIMIT)) + "): the trace is in "
                    + ResultFiles.TRACE_PFTRACE + " (Perfetto's format; open it in https://ui.perfetto.dev); JSON of"
                    + " chosen ranks and a time window: "
                    + TraceIndex.command(s.dir(), comm.size(), Math.min(start, end), end)
                            .replace("qmpi4j trace ", "qmpi4j trace --format json "));
            if (!summary.truncatedRanks().isEmpty()) {
                output.say("the trace of rank(s) " + summary.truncatedRanks()
                        + " stops early: the size limit was reached (an instant event on their tracks says where)");
            }
            s.finished(List.of(ResultFiles.TRACE_PFTRACE));
        } else {
            s.finished(List.of());
        }
    }

    /**
     * A results file being written under a temporary name, moved into place once complete; where
     * it cannot be created (said once), {@code tmp} is null and the stream discards what it gets,
     * so that rank 0 still takes part in the gather the others are in.
     */
    private static final class PendingFile {
        final Path tmp;
        final OutputStream out;

        PendingFile(Path tmp, OutputStream out) {
            this.tmp = tmp;
            this.out = out;
        }
    }

    private PendingFile create(Path target) {
        try {
            Path candidate = AtomicFiles.temporaryFor(target);
            OutputStream out = new BufferedOutputStream(
                    Files.newOutputStream(
                            candidate,
                            java.nio.file.StandardOpenOption.CREATE_NEW,
                            java.nio.file.StandardOpenOption.WRITE),
                    1 << 16);
            return new PendingFile(candidate, out);
        } catch (IOException e) {
            fault("creating " + target, e);
            return new PendingFile(null, OutputStream.nullOutputStream());
        }
    }

    // ---- performance variables --------------------------------------------------------------

    /**
     * Opens the variables of {@code tracer.pvars} and names them in the shard; loaded only when the
     * setting names any. A variable that cannot be sampled is said once (rank 0) and left out.
     */
    private void startPvars(TraceFileWriter w, List<String> wanted, Object comm, int rank) throws IOException {
        PvarSchedule schedule;
        try {
            schedule = new PvarSchedule(settings.get(TracerTool.PVAR_INTERVAL), settings.get(TracerTool.PVAR_CALLS));
        } catch (IllegalArgumentException e) {
            if (rank == 0) {
                output.say(TracerTool.PVAR_CALLS.key() + " names a function MPI does not have (" + e.getMessage()
                        + "); no performance variable is sampled");
            }
            return;
        }
        PvarSampler p = PvarSampler.open(Qmpi.mpit(toolId), wanted, comm);
        if (rank == 0) {
            for (String problem : p.problems()) {
                output.say("performance variable " + problem + "; not sampled");
            }
        }
        if (p.names().isEmpty()) {
            p.close();
            return;
        }
        for (int i = 0; i < p.names().size(); i++) {
            w.definePvar(i, p.isInteger(i), p.names().get(i));
        }
        pvarSchedule = schedule;
        pvars = p;
    }

    /** Samples the variables if a sample is due after a call of {@code f} that ended at {@code endNs}. */
    private void samplePvars(TraceFileWriter w, PvarSampler p, MpiFunction f, long endNs) throws IOException {
        synchronized (p) {
            if (pvars != p || !pvarSchedule.due(f, endNs)) {
                return;
            }
            long t = clock.local(endNs);
            try {
                for (int i = 0; i < p.names().size(); i++) {
                    w.pvarSample(i, t, p.read(i), p.isInteger(i));
                }
            } catch (RuntimeException e) {
                pvars = null; // no more samples; the calls are still traced
                fault("reading MPI_T performance variables; no more samples are taken", e);
            }
        }
    }

    /** Frees the variables' handles and session, before MPI_Finalize. */
    private void closePvars() {
        PvarSampler p = pvars;
        if (p == null) {
            return;
        }
        synchronized (p) {
            pvars = null;
            try {
                p.close();
            } catch (RuntimeException e) {
                fault("closing the MPI_T session of the performance variables", e);
            }
        }
    }

    private void fault(String what, Throwable t) {
        output.fault(what, t);
    }
}
