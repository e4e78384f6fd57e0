package org.qmpi4j.tools.check;

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
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.report.check.CheckFormat;
import org.qmpi4j.report.check.Finding;
import org.qmpi4j.report.check.FindingSite;
import org.qmpi4j.report.files.CheckOutputs;
import org.qmpi4j.report.files.ResultFiles;
import org.qmpi4j.tools.mpi.Completions;
import org.qmpi4j.tools.mpi.MessageRoles;
import org.qmpi4j.tools.mpi.PeerTranslator;
import org.qmpi4j.tools.mpi.StatusFields;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.OutputSession;
import org.qmpi4j.tools.output.RankResults;

/**
 * One instance of the {@code check} tool (one per MPI process): the handlers that check each call,
 * this rank's findings and their files, and the deadlock watch.
 *
 * <p>Every call is marked as entered and left ({@link Activity}) for the deadlock watch; the calls
 * a rule looks at (those with ranks, tags or counts, those that start, complete or free requests)
 * take a second, slower path. A fault of the checker is caught, reported once, and the
 * application's call goes on, made exactly once.
 */
final class Checker {
    private static final MpiFunction[] FUNCTIONS = MpiFunction.values();
    private static final byte[] NEEDS = new byte[FUNCTIONS.length];

    /** Has a peer, tag or count to check, or a communicator to learn. */
    private static final byte ARGUMENTS = 1;
    /** Starts a nonblocking request. */
    private static final byte STARTS = 2;
    /** Completes requests (wait and test forms). */
    private static final byte COMPLETES = 4;
    /** Frees a request. */
    private static final byte FREES = 8;
    /** Frees a communicator. */
    private static final byte FREES_COMM = 16;
    /** Sends or receives a message, or starts or completes calls that do: signatures. */
    private static final byte MESSAGES = 32;

    static {
        for (MpiFunction f : FUNCTIONS) {
            MpiFunction.Kind k = f.kind();
            NEEDS[f.ordinal()] =
                    (byte) ((k == MpiFunction.Kind.POINT_TO_POINT || k == MpiFunction.Kind.COLLECTIVE ? ARGUMENTS : 0)
                            | (startsRequest(f) ? STARTS : 0)
                            | (Completions.COMPLETING.contains(f) ? COMPLETES : 0)
                            | (f == MpiFunction.MPI_REQUEST_FREE ? FREES : 0)
                            | (f == MpiFunction.MPI_COMM_FREE || f == MpiFunction.MPI_COMM_DISCONNECT ? FREES_COMM : 0)
                            | (k == MpiFunction.Kind.POINT_TO_POINT
                                            || Completions.COMPLETING.contains(f)
                                            || f == MpiFunction.MPI_START
                                            || f == MpiFunction.MPI_STARTALL
                                    ? MESSAGES
                                    : 0));
        }
    }

    /** Nonblocking point-to-point and collective calls; persistent requests are not followed. */
    static boolean startsRequest(MpiFunction f) {
        switch (f) {
            case MPI_ISEND:
            case MPI_IBSEND:
            case MPI_ISSEND:
            case MPI_IRSEND:
            case MPI_IRECV:
            case MPI_IMRECV:
                return true;
            default:
                return f.kind() == MpiFunction.Kind.COLLECTIVE && f.name().startsWith("MPI_I");
        }
    }

    static boolean receives(MpiFunction f) {
        switch (f) {
            case MPI_RECV:
            case MPI_IRECV:
            case MPI_RECV_INIT:
            case MPI_PROBE:
            case MPI_IPROBE:
            case MPI_MPROBE:
            case MPI_IMPROBE:
                return true;
            default:
                return false;
        }
    }

    private final int toolId;
    private final Settings settings;
    private final PrintStream err;
    private final ToolFunction[] next = new ToolFunction[FUNCTIONS.length];
    private final FindingLog findings = new FindingLog();
    private final Activity activity = new Activity();
    private final PendingRequests requests = new PendingRequests();
    private final RankResults results;

    private volatile Communicators comms;
    private volatile Object world;
    private volatile int rank = -1;
    private volatile boolean done;
    private volatile DeadlockWatch watch;
    private volatile Signatures signatures;
    private volatile CollectiveCheck collectives;
    /** Persistent sends by request: their signature leaves at each MPI_START. */
    private final java.util.Map<Object, MpiCall> persistentSends = new java.util.IdentityHashMap<>();
    /** Receives on COMM_WORLD by request, waiting to complete: the signature each expects. */
    private final java.util.Map<Object, Object> receives = new java.util.IdentityHashMap<>();

    private String binding = "unknown";
    private int anySource = Integer.MIN_VALUE;
    private int anyTag = Integer.MIN_VALUE;
    private int procNull = Integer.MIN_VALUE;

    Checker(int toolId, Settings settings, PrintStream err) {
        this.toolId = toolId;
        this.settings = settings;
        this.err = err;
        this.results = new RankResults("check", new Files(this), err);
    }

    /* Handlers and callbacks are named classes: a lambda spins a hidden class at each short job's start. */

    /** Every function without a life-cycle role. A class of this tool's own, so the JIT profiles it apart. */
    private static final class EveryCall implements ToolHandler {
        private final Checker checker;

        EveryCall(Checker checker) {
            this.checker = checker;
        }

        @Override
        public Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            return checker.check(context, call);
        }
    }

    private static final class Lifecycle implements ToolHandler {
        private final Checker checker;
        private final MpiFunction role;

        Lifecycle(Checker checker, MpiFunction role) {
            this.checker = checker;
            this.role = role;
        }

        @Override
        public Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            switch (role) {
                case MPI_INIT:
                    return checker.init(context, call);
                case MPI_FINALIZE:
                    return checker.finalizeMpi(context, call);
                case MPI_ABORT:
                    return checker.abort(context, call);
                default:
                    return checker.check(context, call);
            }
        }
    }

    /** This rank's findings file and the job's check.json and check.txt. */
    private static final class Files implements RankResults.Content {
        private final Checker checker;

        Files(Checker checker) {
            this.checker = checker;
        }

        @Override
        public byte[] rankFile(boolean finalState) {
            return checker.rankFileContent(finalState).getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public Path rankPath(Path dir, int rank) {
            return ResultFiles.rankCheck(dir, rank);
        }

        @Override
        public List<String> writeResults(Path dir, List<byte[]> perRank, int size) throws Exception {
            return checker.writeResults(dir, perRank, size);
        }
    }

    void register() {
        Qmpi.registerToolStorage(toolId, this);
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

    private Object check(QmpiContext context, MpiCall call) throws Exception {
        int f = call.function().ordinal();
        ToolFunction n = next[f];
        if (done) {
            return n.invoke(context, call);
        }
        if (NEEDS[f] != 0) {
            return checked(context, call, n, NEEDS[f]);
        }
        activity.enter(call);
        try {
            return n.invoke(context, call);
        } finally {
            activity.exit();
        }
    }

    /** The slower path of calls a rule looks at: before the call, the arguments; after it, the requests. */
    private Object checked(QmpiContext context, MpiCall call, ToolFunction n, int needs) throws Exception {
        Communicators c = comms;
        if (c != null && (needs & ARGUMENTS) != 0) {
            try {
                arguments(call, c);
            } catch (RuntimeException | LinkageError e) {
                results.output().fault("checking the arguments of " + call.function(), e);
            }
        }
        activity.enter(call);
        CollectiveCheck cc = collectives;
        if (cc != null && c != null && CollectiveCheck.checks(call.function())) {
            try {
                Communicators.Info info = c.learn(call.communicator());
                if (info != null && !info.inter && info.size > 0) {
                    cc.before(call, call.communicator(), info);
                }
            } catch (Exception | LinkageError e) {
                collectives = null;
                results.output().fault("comparing the collective " + call.function() + " across ranks; it is off", e);
            }
        }
        Object result;
        Signatures sig = signatures;
        Signatures.Expect expect = null;
        try {
            if (sig != null && sig.enabled() && (needs & MESSAGES) != 0) {
                expect = beforeMessage(call, sig, c);
            }
            result = n.invoke(context, call);
        } catch (Exception | Error e) {
            if (expect != null) {
                afterFailedReceive(sig, expect);
            }
            throw e;
        } finally {
            activity.exit();
        }
        if (sig != null && sig.enabled() && (needs & MESSAGES) != 0) {
            try {
                afterMessage(call, sig, expect, result);
            } catch (Exception | LinkageError e) {
                sig.disable("a fault: " + e);
                results.output().fault("checking the datatypes of " + call.function(), e);
            }
        }
        if (c != null) {
            try {
                afterCall(call, c, needs);
            } catch (RuntimeException | LinkageError e) {
                results.output().fault("following the requests of " + call.function(), e);
            }
        }
        return result;
    }

    private void afterCall(MpiCall call, Communicators c, int needs) {
        if ((needs & STARTS) != 0) {
            started(call, c);
        } else if ((needs & COMPLETES) != 0) {
            List<Object> done = new ArrayList<>(2);
            Completions.completed(call, done);
            for (Object r : done) {
                completed(r, call);
            }
        } else if ((needs & FREES) != 0) {
            PendingRequests.Pending p = requests.completed(call.request());
            if (p != null && (p.function == MpiFunction.MPI_IRECV || p.function == MpiFunction.MPI_IMRECV)) {
                report(
                        "active_request_freed",
                        Finding.Severity.WARNING,
                        "the request of this " + p.function + " was freed while the receive was still active: the"
                                + " program can no longer tell when the data has arrived, and reading the buffer is a"
                                + " race. Wait for (or test) the receive instead of freeing it",
                        Sites.of(rank, p.function, p.site),
                        Sites.of(rank, call.function(), call.callingAddress()));
            }
        } else if ((needs & FREES_COMM) != 0) {
            c.forget(call.communicator());
            CollectiveCheck cc = collectives;
            if (cc != null) {
                cc.forget(call.communicator());
            }
        }
    }

    private void started(MpiCall call, Communicators c) {
        Object request = call.request();
        if (request == null) {
            return;
        }
        MpiFunction f = call.function();
        Object comm = call.communicator();
        Communicators.Info info = c.learn(comm);
        Object buffer = null;
        int offset = 0;
        long bytes = 0;
        long sum = BufferChecksum.NONE;
        if (f.sendsMessage()) {
            buffer = call.buffer();
            Object off = "openmpi".equals(binding) || call.argumentCount() < 2 ? null : call.argument(1);
            offset = off instanceof Integer ? (Integer) off : 0;
            bytes = call.bytes();
            sum = BufferChecksum.of(buffer, offset, bytes);
        }
        requests.started(
                request,
                new PendingRequests.Pending(
                        f,
                        call.callingAddress(),
                        c.toWorld(comm, call.peer()),
                        call.tag(),
                        info == null ? "a communicator" : info.name,
                        sum == BufferChecksum.NONE ? null : buffer,
                        offset,
                        bytes,
                        sum));
    }

    private void completed(Object request, MpiCall completion) {
        PendingRequests.Pending p = requests.completed(request);
        if (p == null || p.buffer == null) {
            return;
        }
        long now = BufferChecksum.of(p.buffer, p.offset, p.bytes);
        if (now != p.checksum) {
            report(
                    "buffer_modified",
                    Finding.Severity.ERROR,
                    "the buffer of this " + p.function + " (" + p.bytes + " bytes" + to(p.worldPeer) + ", tag " + p.tag
                            + ") changed before its request completed: MPI may send either content. Do not write"
                            + " into a nonblocking send's buffer until " + completion.function()
                            + " (or a test) says it completed",
                    Sites.of(rank, p.function, p.site),
                    Sites.of(rank, completion.function(), completion.callingAddress()));
        }
    }

    private static String to(int worldPeer) {
        return worldPeer >= 0 ? " to rank " + worldPeer : "";
    }

    // ---- type_mismatch and truncation ----------------------------------------------------------

    /**
     * Before the call: a send's signature leaves; a receive from a known source and tag posts the
     * receive of its signature and, if it has arrived, compares now (before MPI could fail).
     */
    private Signatures.Expect beforeMessage(MpiCall call, Signatures sig, Communicators c) throws Exception {
        MpiFunction f = call.function();
        switch (f) {
            case MPI_SEND_INIT:
            case MPI_BSEND_INIT:
            case MPI_SSEND_INIT:
            case MPI_RSEND_INIT:
            case MPI_RECV_INIT:
            case MPI_IMRECV:
                return null; // after the call
            case MPI_START:
                startPersistent(call.request(), sig, c);
                return null;
            case MPI_STARTALL:
                if (call.request() instanceof Object[]) {
                    for (Object r : (Object[]) call.request()) {
                        startPersistent(r, sig, c);
                    }
                }
                return null;
            default:
                break;
        }
        Object comm = call.communicator();
        if (!sig.onWorld(comm)) {
            return null;
        }
        int size = c.peek(comm) == null ? 0 : c.peek(comm).size;
        if (f.sendsMessage()) {
            int dest = call.peer();
            if (dest >= 0 && dest < size && call.count() >= 0) {
                sig.send(call, dest, call.tag(), call.datatype(), call.count(), call.bytes());
            }
        }
        int source;
        int tag;
        Object type;
        long capacity;
        if (f == MpiFunction.MPI_RECV || f == MpiFunction.MPI_IRECV) {
            source = call.peer();
            tag = call.tag();
            type = call.datatype();
            capacity = call.bytes();
        } else if (f == MpiFunction.MPI_SENDRECV || f == MpiFunction.MPI_SENDRECV_REPLACE) {
            int at = MessageRoles.sendRecvSourceArgument(call);
            if (at < 0 || at + 1 >= call.argumentCount()) {
                return null;
            }
            source = (Integer) call.argument(at);
            tag = (Integer) call.argument(at + 1);
            type = f == MpiFunction.MPI_SENDRECV ? call.argument(at - 1) : call.datatype();
            capacity = f == MpiFunction.MPI_SENDRECV ? -1 : call.bytes();
        } else {
            sig.drain();
            return null;
        }
        if (source == procNull) {
            return null;
        }
        if (source < 0 || source >= size || tag < 0) {
            // A wildcard: its signature is known only from the status, after the call.
            return new Signatures.Expect(null, null, f, call.callingAddress(), sig.nameOf(type), capacity);
        }
        Signatures.Expect e = sig.expect(call, source, tag, type, capacity);
        if (f != MpiFunction.MPI_IRECV) {
            sig.poll(e);
        }
        return e;
    }

    /** A persistent send about to start: its signature leaves now, as a send's would. */
    private void startPersistent(Object request, Signatures sig, Communicators c) throws Exception {
        MpiCall init;
        synchronized (persistentSends) {
            init = request == null ? null : persistentSends.get(request);
        }
        if (init != null) {
            sig.send(init, init.peer(), init.tag(), init.datatype(), init.count(), init.bytes());
        }
    }

    /** After the call: the signature a receive waits for is compared, or kept waiting for. */
    private void afterMessage(MpiCall call, Signatures sig, Signatures.Expect expect, Object result) throws Exception {
        MpiFunction f = call.function();
        switch (f) {
            case MPI_SEND_INIT:
            case MPI_BSEND_INIT:
            case MPI_SSEND_INIT:
            case MPI_RSEND_INIT:
                if (sig.onWorld(call.communicator()) && call.peer() >= 0 && call.request() != null) {
                    synchronized (persistentSends) {
                        persistentSends.put(call.request(), call);
                    }
                }
                return;
            case MPI_RECV_INIT:
            case MPI_IMRECV:
                if (sig.onWorld(call.communicator())) {
                    sig.disable(f + " is not followed");
                }
                return;
            case MPI_MRECV:
                Object st = result;
                if (StatusFields.source(st) >= 0) {
                    sig.check(sig.expect(
                            call, StatusFields.source(st), StatusFields.tag(st), call.datatype(), call.bytes()));
                }
                return;
            default:
                break;
        }
        if (Completions.COMPLETING.contains(f)) {
            List<Object> done = new ArrayList<>(2);
            List<Object> statuses = new ArrayList<>(2);
            Completions.completed(call, done, statuses);
            for (int i = 0; i < done.size(); i++) {
                Object e;
                synchronized (receives) {
                    e = receives.remove(done.get(i));
                }
                if (e instanceof Signatures.Expect) {
                    completeReceive(sig, (Signatures.Expect) e, statuses.get(i));
                }
            }
            sig.drain();
            return;
        }
        if (expect == null) {
            return;
        }
        if (f == MpiFunction.MPI_IRECV) {
            Object request = call.request();
            if (request != null) {
                synchronized (receives) {
                    receives.put(request, expect);
                }
            }
            return;
        }
        completeReceive(sig, expect, result);
    }

    /** A receive completed: a known source's signature compared; a wildcard's posted from its status and compared. */
    private void completeReceive(Signatures sig, Signatures.Expect e, Object status) throws Exception {
        if (e.request != null) {
            sig.check(e);
            return;
        }
        int source = StatusFields.source(status);
        int tag = StatusFields.tag(status);
        if (status == null || source == StatusFields.UNKNOWN || tag < 0) {
            sig.disable("a wildcard receive completed without a status");
            return;
        }
        if (source == procNull) {
            return;
        }
        sig.check(sig.expectFor(e, source, tag));
    }

    /** The receive failed (MPI's own error, e.g. a truncation): its signature is still compared when it came. */
    private void afterFailedReceive(Signatures sig, Signatures.Expect e) {
        try {
            if (e.request == null) {
                sig.disable("a wildcard receive failed");
                return;
            }
            long until = System.nanoTime() + 1_000_000_000L;
            while (!sig.poll(e) && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            if (!e.done) {
                sig.check(e);
            }
        } catch (Exception | LinkageError fault) {
            results.output().fault("checking the datatypes of a failed receive", fault);
        }
    }

    // ---- invalid_argument ---------------------------------------------------------------------

    private void arguments(MpiCall call, Communicators c) {
        MpiFunction f = call.function();
        int count = call.count();
        if (count != MpiCall.ABSENT && count < 0) {
            invalid(call, "a negative count (" + count + ")", "pass the number of elements, 0 or more");
        }
        int tag = call.tag();
        if (tag != MpiCall.ABSENT && tag < 0 && !(receives(f) && tag == anyTag)) {
            invalid(
                    call,
                    "a negative tag (" + tag + ")",
                    "tags are from 0 to MPI_TAG_UB" + (receives(f) ? "; a receive may also take MPI_ANY_TAG" : ""));
        }
        Object comm = call.communicator();
        int peer = call.peer();
        if (peer == MpiCall.ABSENT && comm == null) {
            return;
        }
        Communicators.Info info = c.learn(comm);
        if (peer == MpiCall.ABSENT || info == null || info.inter || info.size < 0) {
            return;
        }
        if (f.kind() == MpiFunction.Kind.COLLECTIVE) {
            if (peer < 0 || peer >= info.size) {
                invalid(
                        call,
                        "root " + peer + " on " + info.name + " of " + info.size + " ranks",
                        "the root is a rank of the communicator, 0 to " + (info.size - 1));
            }
            return;
        }
        peer(call, f, peer, info, receives(f));
        if (f == MpiFunction.MPI_SENDRECV || f == MpiFunction.MPI_SENDRECV_REPLACE) {
            int at = MessageRoles.sendRecvSourceArgument(call);
            Object source = at >= 0 && at < call.argumentCount() ? call.argument(at) : null;
            if (source instanceof Integer) {
                peer(call, f, (Integer) source, info, true);
            }
        }
    }

    private void peer(MpiCall call, MpiFunction f, int peer, Communicators.Info info, boolean receive) {
        if (peer == procNull || (receive && peer == anySource) || (peer >= 0 && peer < info.size)) {
            return;
        }
        invalid(
                call,
                (receive ? "source " : "destination ") + peer + " on " + info.name + " of " + info.size + " ranks",
                "use a rank from 0 to " + (info.size - 1) + (receive ? ", MPI_ANY_SOURCE" : "") + " or MPI_PROC_NULL");
    }

    private void invalid(MpiCall call, String what, String fix) {
        report(
                "invalid_argument",
                Finding.Severity.ERROR,
                call.function() + " with " + what + ": MPI fails on it; " + fix,
                Sites.of(rank, call.function(), call.callingAddress()));
    }

    // ---- findings -----------------------------------------------------------------------------

    /** Records a finding; a new one is said on stderr at once and this rank's file is written now. */
    void report(String rule, Finding.Severity severity, String message, FindingSite... sites) {
        record(new Finding(rule, severity, message, List.of(sites), 1));
    }

    void record(Finding f) {
        if (findings.add(f)) {
            results.output().say(f.line());
            results.flush();
        }
    }

    List<Finding> findings() {
        return findings.snapshot();
    }

    String rankFileContent(boolean finalState) {
        List<Integer> ranks = new ArrayList<>(1);
        if (rank >= 0) {
            ranks.add(rank);
        }
        return CheckFormat.write(findings.snapshot(), ranks, finalState);
    }

    private List<String> writeResults(Path dir, List<byte[]> perRank, int size) throws Exception {
        List<String> texts = new ArrayList<>(perRank.size());
        for (byte[] b : perRank) {
            texts.add(b.length == 0 ? null : new String(b, StandardCharsets.UTF_8));
        }
        CheckOutputs.Merged merged = CheckOutputs.merge(texts);
        for (String problem : merged.problems) {
            results.output().say(problem);
        }
        List<String> names = CheckOutputs.writeAll(dir, merged, size);
        results.output()
                .say(
                        merged.findings.isEmpty()
                                ? "no findings in " + merged.ranks.size() + " rank(s)"
                                : merged.findings.size() + " finding(s), listed in "
                                        + dir.resolve(ResultFiles.CHECK_TXT));
        return names;
    }

    // ---- life cycle -----------------------------------------------------------------------------

    private Object init(QmpiContext context, MpiCall call) throws Exception {
        Object result = next[call.function().ordinal()].invoke(context, call);
        try {
            afterInit(call.binding());
        } catch (Exception | LinkageError e) {
            results.output().fault("setting up after MPI_Init; nothing is checked", e);
        }
        return result;
    }

    private void afterInit(String bindingId) throws Exception {
        binding = bindingId;
        WorldComm comm = new WorldComm(toolId, bindingId);
        world = comm.world();
        rank = comm.rank();
        anySource = constant("ANY_SOURCE");
        anyTag = constant("ANY_TAG");
        procNull = constant("PROC_NULL");
        comms = new Communicators(
                toolId, comm.world(), comm.size(), new PeerTranslator(toolId, comm.world(), comm.size()));
        OutputSession s = results.open(comm, toolId, settings, err);
        if (comm.canExchangeData()) {
            try {
                signatures = new Signatures(this, toolId, bindingId, comm.world());
                collectives = new CollectiveCheck(this, toolId, bindingId, signatures);
            } catch (Exception | LinkageError e) {
                results.output().fault("setting up the datatype checks; they are off", e);
            }
            watch = DeadlockWatch.start(this, comm, s, settings, results.output());
        }
    }

    private int constant(String name) {
        try {
            Object v = Qmpi.bindingConstant(toolId, name);
            return v instanceof Integer ? (Integer) v : Integer.MIN_VALUE;
        } catch (RuntimeException e) {
            return Integer.MIN_VALUE;
        }
    }

    private Object finalizeMpi(QmpiContext context, MpiCall call) throws Exception {
        if (!done) {
            activity.enter(call);
            try {
                Signatures sig = signatures;
                if (sig != null && sig.enabled()) {
                    try {
                        sig.finish();
                    } catch (Exception | LinkageError e) {
                        results.output().fault("the last datatype checks", e);
                    }
                }
                leaks();
                results.finish();
            } catch (RuntimeException | LinkageError e) {
                results.output().fault("writing the findings at MPI_Finalize", e);
            } finally {
                activity.exit();
                done = true;
                DeadlockWatch w = watch;
                if (w != null) {
                    w.stop();
                }
            }
        }
        return next[call.function().ordinal()].invoke(context, call);
    }

    /** Requests still pending at MPI_Finalize: each is a request_leak at the call that started it. */
    private void leaks() {
        for (PendingRequests.Pending p : requests.all()) {
            report(
                    "request_leak",
                    Finding.Severity.ERROR,
                    "the request of this " + p.function + to(p.worldPeer)
                            + (p.tag >= 0 ? ", tag " + p.tag : "")
                            + " was never completed (MPI_Wait, MPI_Test) or freed (MPI_Request_free) before"
                            + " MPI_Finalize; complete or free every nonblocking request before finalizing",
                    Sites.of(rank, p.function, p.site));
        }
    }

    private Object abort(QmpiContext context, MpiCall call) throws Exception {
        if (!done) {
            results.aborting();
        }
        return next[call.function().ordinal()].invoke(context, call);
    }

    // ---- for the deadlock watch ---------------------------------------------------------------

    Activity activity() {
        return activity;
    }

    PendingRequests requests() {
        return requests;
    }

    Communicators communicators() {
        return comms;
    }

    int rank() {
        return rank;
    }

    int toolId() {
        return toolId;
    }

    Object world() {
        return world;
    }

    RankResults results() {
        return results;
    }

    /** The anchor's calling address for messages, or null. */
    static CallingAddress siteOf(MpiCall call) {
        return call == null ? null : call.callingAddress();
    }
}
