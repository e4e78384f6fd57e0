package org.qmpi4j.tools.check;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.check.CheckFormat;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.tools.mpi.BindingFacts;
import org.qmpi4j.tools.mpi.PeerTranslator;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.OutputSession;
import org.qmpi4j.tools.output.RankResults;
import org.qmpi4j.tools.output.ToolLifecycle;

/**
 * One instance of the {@code check} tool (one per MPI process): the handlers that check each call,
 * this rank's findings and their files, and the deadlock watch.
 *
 * <p>Every call is marked as entered and left ({@link Activity}) for the deadlock watch; the calls
 * a rule looks at (those with ranks, tags or counts, those that start, complete or free requests)
 * take a second, slower path. A fault of the checker is caught, reported once, and the
 * application's call goes on, made exactly once.
 *
 * <p>It is one class over the usual size on purpose: it is where each call's path is decided, the
 * order in which the rules run around the call (arguments, requests, collectives, signatures, the
 * clock), and that order is read best in one place; the rules themselves are classes of their own.
 */
final class Checker {
    private final int toolId;
    private final Settings settings;
    private final PrintStream err;
    private final ToolFunction[] next = new ToolFunction[MpiFunction.values().length];
    private final FindingLog findings = new FindingLog();
    private final Activity activity = new Activity();
    private final RequestRules requests = new RequestRules(this);
    private final ThreadRules threads = new ThreadRules(this);
    private final ObjectRules objects = new ObjectRules(this);
    private final RankResults results;

    /** What MPI_Init set up: {@code null} before it, or where setting up failed (nothing is checked then). */
    private volatile @Nullable Communicators comms;

    private volatile @Nullable ArgumentRules arguments;
    private volatile @Nullable AttachedBuffer attachedBuffer;
    private volatile @Nullable Object world;
    private volatile int rank = -1;
    private volatile boolean done;
    /** Set once this rank's {@code MPI_Finalize} returned: later calls meet {@link AfterFinalize}. */
    private volatile boolean finalized;

    private volatile @Nullable DeadlockWatch watch;
    private volatile @Nullable SignatureFlow messages;
    /**
     * {@code collective_mismatch}, from {@code MPI_Init}; never dropped on a fault, since its
     * comparisons are collective: a rank that faults stays in them without an opinion
     * ({@link CollectiveCheck#off}).
     */
    private volatile @Nullable CollectiveCheck collectives;
    /** The datatypes' signatures, for the message and collective checks (with them, or {@code null}). */
    private volatile @Nullable TypeSignatures types;
    /** {@code buffering_deadlock}, on every rank whose binding can exchange data (its finalize step is collective). */
    private volatile @Nullable BufferingDeadlocks buffering;
    /** {@code rma_race}, on every rank whose binding can exchange data (its finalize step is collective). */
    private volatile @Nullable WindowEpochs windows;
    /** {@code message_race}: the clock and the wildcard receives kept, with the datatype checks. */
    private volatile @Nullable MessageRaces races;
    /** The tools' view of COMM_WORLD, for the collective steps at {@code MPI_Finalize}. */
    private volatile @Nullable WorldComm worldComm;

    private volatile String binding = "unknown";
    /** The binding's facts, from its descriptor; known at {@code MPI_Init}. */
    private volatile BindingFacts facts = BindingFacts.UNKNOWN;

    Checker(int toolId, Settings settings, PrintStream err) {
        this.toolId = toolId;
        this.settings = settings;
        this.err = err;
        this.results = new RankResults("check", new CheckFiles(this), err);
    }

    /* Handlers and callbacks are named classes: a lambda spins a hidden class at each short job's start. */

    /** Every function without a life-cycle role. A class of this tool's own, so the JIT profiles it apart. */
    private static final class EveryCall implements ToolHandler {
        private final Checker checker;

        EveryCall(Checker checker) {
            this.checker = checker;
        }

        @Override
        public @Nullable Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            return checker.check(context, call);
        }
    }

    /** The life-cycle calls, through the dispatch the bundled tools share; Pcontrol is checked like any call. */
    private static final class Roles implements ToolLifecycle.Calls {
        private final Checker checker;

        Roles(Checker checker) {
            this.checker = checker;
        }

        @Override
        public @Nullable Object init(QmpiContext context, MpiCall call) throws Exception {
            return checker.init(context, call);
        }

        @Override
        public @Nullable Object finalizeMpi(QmpiContext context, MpiCall call) throws Exception {
            return checker.finalizeMpi(context, call);
        }

        @Override
        public @Nullable Object abort(QmpiContext context, MpiCall call) throws Exception {
            return checker.abort(context, call);
        }

        @Override
        public @Nullable Object pcontrol(QmpiContext context, MpiCall call) throws Exception {
            return checker.check(context, call);
        }
    }

    void register() {
        Qmpi.registerToolStorage(toolId, this);
        ToolLifecycle.register(toolId, next, new Roles(this), new EveryCall(this));
    }

    // ---- handlers ---------------------------------------------------------------------------

    private @Nullable Object check(QmpiContext context, MpiCall call) throws Exception {
        int f = call.function().ordinal();
        ToolFunction n = next[f];
        if (done) {
            if (finalized) {
                afterFinalize(call);
            }
            return n.invoke(context, call);
        }
        if (objects.anyFreed() && usedAfterFree(call) && facts.freeInvalidates()) {
            // The call goes on as the program made it, unchecked: the binding made the object's handle
            // invalid (fact free invalidates), so the checker must not ask MPI about it. Where frees are
            // no-ops (fact free no-op: MPJ Express) the object still works, so there the call is checked
            // as any: every rank's collective comparison then pairs up, whether the rank freed the
            // communicator already or not.
            entered(call);
            try {
                return n.invoke(context, call);
            } finally {
                activity.exit();
            }
        }
        MessageRaces r = races;
        if (r != null && MessageRaces.unclocked(call.function())) {
            r.lost();
        }
        int needs = CallNeeds.of(f);
        if (needs != 0) {
            return checked(context, call, n, needs);
        }
        entered(call);
        try {
            return n.invoke(context, call);
        } finally {
            activity.exit();
        }
    }

    private void entered(MpiCall call) {
        Thread t = Thread.currentThread();
        int inside = activity.enter(call, t);
        try {
            threads.entered(call.function(), call.callingAddress(), t, inside);
        } catch (RuntimeException | LinkageError e) {
            results.output().fault("checking the thread of " + call.function(), e);
        }
    }

    private boolean usedAfterFree(MpiCall call) {
        try {
            return objects.usedAfterFree(call);
        } catch (RuntimeException | LinkageError e) {
            results.output().fault("checking the objects given to " + call.function(), e);
            return false;
        }
    }

    private void afterFinalize(MpiCall call) {
        try {
            AfterFinalize.check(this, call.function(), call.callingAddress(), Thread.currentThread());
        } catch (RuntimeException | LinkageError e) {
            results.output().fault("checking a call after MPI_Finalize", e);
        }
    }

    /** The slower path of calls a rule looks at: before the call, the arguments; after it, the requests. */
    private @Nullable Object checked(QmpiContext context, MpiCall call, ToolFunction n, int needs) throws Exception {
        Communicators c = comms;
        ArgumentRules a = arguments;
        if (c != null && a != null && (needs & CallNeeds.ARGUMENTS) != 0) {
            try {
                a.check(call, c);
            } catch (RuntimeException | LinkageError e) {
                results.output().fault("checking the arguments of " + call.function(), e);
            }
        }
        if ((needs & CallNeeds.MESSAGES) != 0) {
            try {
                requests.beforeBuffer(call);
            } catch (RuntimeException | LinkageError e) {
                results.output().fault("comparing the buffer of " + call.function() + " with the pending calls'", e);
            }
        }
        if (c != null && (needs & CallNeeds.USES_REQUEST) != 0) {
            try {
                requests.beforeUsingRequests(call);
            } catch (RuntimeException | LinkageError e) {
                results.output().fault("checking the requests given to " + call.function(), e);
            }
        }
        pollCollectives(call.function());
        entered(call);
        boolean met = beforeCollective(call, c);
        MessageRaces r = races;
        if (r != null && !met && ordersRanks(call.function(), needs)) {
            r.lost();
        }
        Object result;
        SignatureFlow flow = messages;
        boolean follow = flow != null && flow.enabled() && (needs & CallNeeds.MESSAGES) != 0;
        Signatures.Expect expect = null;
        try {
            if (follow && flow != null) {
                expect = flow.before(call);
            }
            result = n.invoke(context, call);
        } catch (Exception | Error e) {
            if (expect != null && flow != null) {
                flow.afterFailedReceive(expect);
            }
            throw e;
        } finally {
            activity.exit();
        }
        if (follow && flow != null && flow.enabled()) {
            try {
                flow.after(call, expect, result);
            } catch (Exception | LinkageError e) {
                flow.disable("a fault: " + e);
                results.output().fault("checking the datatypes of " + call.function(), e);
            }
        }
        if (flow != null && (needs & CallNeeds.CREATES_COMM) != 0) {
            try {
                flow.created(result);
            } catch (Exception | LinkageError e) {
                flow.disable("a fault: " + e);
                results.output().fault("duplicating the communicator " + call.function() + " made", e);
            }
        }
        CollectiveCheck cc = collectives;
        if (cc != null && c != null && (needs & CallNeeds.CREATES_COMM) != 0 && result != null) {
            try {
                // MPI_COMM_NULL (a split's MPI_UNDEFINED) must not be asked about: its error would end the job
                cc.created(result, CommDuplicates.isNull(result) ? null : c.learn(result));
            } catch (Exception | LinkageError e) {
                cc.off("duplicating the communicator " + call.function() + " made", e);
            }
        }
        AttachedBuffer attached = attachedBuffer;
        if ((needs & CallNeeds.BUFFERS) != 0 && attached != null) {
            attached.after(call);
        }
        if ((needs & CallNeeds.OBJECTS) != 0) {
            try {
                objects.after(call);
            } catch (RuntimeException | LinkageError e) {
                results.output().fault("following the objects " + call.function() + " made or freed", e);
            }
            TypeSignatures t = types;
            if (t != null && TypeSignatures.follows(call.function())) {
                try {
                    t.after(call);
                } catch (RuntimeException | LinkageError e) {
                    results.output().fault("following the signature of the datatype " + call.function() + " made", e);
                }
            }
        }
        WindowEpochs w = windows;
        if (w != null && (needs & CallNeeds.WINDOWS) != 0) {
            try {
                w.after(call);
            } catch (Exception | LinkageError e) {
                w.off(); // kept: every rank must take part in its exchange at MPI_Finalize
                results.output().fault("following the window " + call.function() + " used; rma_race is off", e);
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

    /** How long the comparisons of nonblocking collectives are tested again before a call that waits. */
    private static final long SPIN_BEFORE_WAIT_NANOS = 1_000_000;

    /**
     * The nonblocking collectives' comparisons that completed are read (tested, never waited for);
     * before {@code f}, if it waits for requests, tested for up to a millisecond.
     */
    private void pollCollectives(MpiFunction f) {
        CollectiveCheck cc = collectives;
        if (cc != null) {
            try {
                cc.nonblocking().poll(f.name().startsWith("MPI_WAIT") ? SPIN_BEFORE_WAIT_NANOS : 0);
            } catch (Exception | LinkageError e) {
                cc.off("reading the comparison of a nonblocking collective", e);
            }
        }
    }

    /**
     * Whether the call {@code f} may order ranks as a collective does (it is one, or it makes a
     * communicator): unless its comparison carried the clock, {@code message_race} is unsure after it.
     */
    private static boolean ordersRanks(MpiFunction f, int needs) {
        return (f.kind() == MpiFunction.Kind.COLLECTIVE && f != MpiFunction.MPI_REDUCE_LOCAL)
                || (needs & CallNeeds.CREATES_COMM) != 0;
    }

    /**
     * Before a collective: the ranks compare what they call (a nonblocking one without waiting);
     * whether the comparison joined the ranks' clocks (a blocking one on an intracommunicator).
     */
    private boolean beforeCollective(MpiCall call, @Nullable Communicators c) {
        CollectiveCheck cc = collectives;
        if (cc != null && c != null && CollectiveCheck.checksNonblocking(call.function())) {
            try {
                Communicators.Info info = c.learn(call.communicator());
                if (info != null && !info.inter && info.size > 0) {
                    cc.beforeNonblocking(call, call.communicator(), info);
                }
            } catch (Exception | LinkageError e) {
                cc.off("comparing the collective " + call.function() + " across ranks", e);
            }
        } else if (cc != null && c != null && CollectiveCheck.checks(call.function())) {
            try {
                Communicators.Info info = c.learn(call.communicator());
                if (info != null && !info.inter && info.size > 0) {
                    cc.before(call, call.communicator(), info);
                    return true;
                } else if (info != null && info.inter && info.size > 0) {
                    int[][] groups = c.groups(call.communicator());
                    if (groups != null) {
                        cc.beforeInter(call, call.communicator(), groups);
                    }
                }
            } catch (Exception | LinkageError e) {
                cc.off("comparing the collective " + call.function() + " across ranks", e);
            }
        }
        return false;
    }

    private void afterCall(MpiCall call, Communicators c, int needs) {
        if ((needs & CallNeeds.FREES_COMM) != 0) {
            c.forget(call.communicator());
            SignatureFlow flow = messages;
            if (flow != null) {
                flow.forget(call.communicator());
            }
            CollectiveCheck cc = collectives;
            if (cc != null) {
                try {
                    cc.forget(call.communicator());
                } catch (Exception | LinkageError e) {
                    cc.off("freeing the checker's communicator beside a freed one", e);
                }
            }
        } else {
            requests.after(call, c, needs);
        }
    }

    // ---- findings -----------------------------------------------------------------------------

    /** Records a finding; a new one is said on stderr at once and this rank's file is written now. */
    void report(String rule, Finding.Severity severity, String message, FindingSite... sites) {
        record(new Finding(rule, severity, message, List.of(sites), 1));
    }

    void record(Finding f) {
        if (findings.add(f)) {
            results.output().say(f.line());
            if (results.finished()) {
                results.afterFinish(); // a call after MPI_Finalize: the files are rewritten with it
            } else {
                results.flush();
            }
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

    // ---- life cycle -----------------------------------------------------------------------------

    private @Nullable Object init(QmpiContext context, MpiCall call) throws Exception {
        if (finalized) {
            afterFinalize(call);
            return next[call.function().ordinal()].invoke(context, call);
        }
        Object result = next[call.function().ordinal()].invoke(context, call);
        try {
            int level = providedLevel(call, result);
            if (level == ThreadRules.MULTIPLE) {
                activity.multiple();
            }
            threads.initialized(level, Thread.currentThread());
            afterInit(call.binding(), level != ThreadRules.MULTIPLE);
        } catch (Exception | LinkageError e) {
            results.output().fault("setting up after MPI_Init; nothing is checked", e);
        }
        return result;
    }

    /** The thread level MPI provided ({@link ThreadRules#UNKNOWN} where the binding cannot say: the rule is off). */
    private int providedLevel(MpiCall call, @Nullable Object result) {
        try {
            Object provided = call.function() == MpiFunction.MPI_INIT_THREAD
                    ? result
                    : Qmpi.pmpi(toolId, MpiFunction.MPI_QUERY_THREAD, null);
            return ThreadRules.levelOf(toolId, provided);
        } catch (Exception | LinkageError e) {
            return ThreadRules.UNKNOWN;
        }
    }

    /** {@code oneThreadAtATime}: MPI was not initialized at {@code MPI_THREAD_MULTIPLE}. */
    private void afterInit(String bindingId, boolean oneThreadAtATime) throws Exception {
        bindingIs(bindingId);
        WorldComm comm = new WorldComm(toolId, bindingId);
        world = comm.world();
        rank = comm.rank();
        PeerConstants constants = new PeerConstants(toolId);
        // one translator, one cache of each communicator's ranks, for the communicators and the windows
        PeerTranslator peers = new PeerTranslator(toolId, comm.world(), comm.size());
        Communicators c = new Communicators(toolId, comm.world(), comm.size(), peers);
        comms = c;
        AttachedBuffer attached = new AttachedBuffer(bsendOverhead());
        attachedBuffer = attached;
        arguments = new ArgumentRules(this, constants, attached);
        try {
            objects.predefined(comm.world());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            results.output().fault("finding the binding's predefined objects; objects are not followed", e);
        }
        OutputSession s = results.open(comm, toolId, settings, err);
        if (comm.canExchangeData()) {
            worldComm = comm;
            BufferingDeadlocks b = new BufferingDeadlocks(
                    this,
                    new ZeroBuffering(comm.rank(), comm.size(), oneThreadAtATime),
                    new EagerLimits(toolId, activity));
            buffering = b;
            windows = new WindowEpochs(this, toolId, comm.rank(), peers);
            try {
                TypeSignatures t = new TypeSignatures(toolId);
                Signatures signatures =
                        new Signatures(this, toolId, facts, new CommDuplicates(toolId, comm.world()), t);
                types = t;
                SignatureFlow flow = new SignatureFlow(this, signatures, c, constants);
                flow.buffering(b);
                MessageRaces r = new MessageRaces(SignatureRecord.MAX);
                flow.races(r);
                messages = flow;
                CollectiveCheck cc = new CollectiveCheck(this, toolId, facts, signatures);
                cc.races(r);
                races = r;
                cc.created(comm.world(), c.learn(comm.world()));
                collectives = cc;
            } catch (Exception | LinkageError e) {
                results.output().fault("setting up the datatype checks; they are off", e);
            }
            watch = DeadlockWatch.start(this, comm, s, settings, results.output());
        }
    }

    /** The binding's MPI_BSEND_OVERHEAD, 0 where it has none. */
    private long bsendOverhead() {
        try {
            Object v = Qmpi.bindingConstant(toolId, "BSEND_OVERHEAD");
            return v instanceof Number ? ((Number) v).longValue() : 0;
        } catch (RuntimeException | LinkageError absent) {
            return 0;
        }
    }

    private @Nullable Object finalizeMpi(QmpiContext context, MpiCall call) throws Exception {
        if (finalized) {
            afterFinalize(call);
            return next[call.function().ordinal()].invoke(context, call);
        }
        if (!done) {
            entered(call);
            try {
                SignatureFlow flow = messages;
                if (flow != null && flow.enabled()) {
                    try {
                        flow.finish();
                    } catch (Exception | LinkageError e) {
                        results.output().fault("the last datatype checks", e);
                    }
                }
                CollectiveCheck cc = collectives;
                if (cc != null) {
                    try {
                        cc.nonblocking().finish(null);
                    } catch (Exception | LinkageError e) {
                        results.output().fault("reading the comparisons of nonblocking collectives", e);
                    }
                }
                BufferingDeadlocks b = buffering;
                WorldComm wc = worldComm;
                if (b != null && wc != null) {
                    try {
                        b.exchange(wc);
                    } catch (Exception | LinkageError e) {
                        results.output().fault("joining the ranks' blocking sends into cycles", e);
                    }
                }
                WindowEpochs we = windows;
                if (we != null && wc != null) {
                    try {
                        we.exchange(wc);
                    } catch (Exception | LinkageError e) {
                        results.output().fault("comparing the ranks' one-sided accesses", e);
                    }
                }
                requests.leaks();
                objects.leaks();
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
        Object result = next[call.function().ordinal()].invoke(context, call);
        finalized = true;
        return result;
    }

    private @Nullable Object abort(QmpiContext context, MpiCall call) throws Exception {
        if (finalized) {
            afterFinalize(call);
        } else if (!done) {
            results.aborting(call);
        }
        return next[call.function().ordinal()].invoke(context, call);
    }

    // ---- for the deadlock watch ---------------------------------------------------------------

    Activity activity() {
        return activity;
    }

    PendingRequests requests() {
        return requests.pending();
    }

    @Nullable
    Communicators communicators() {
        return comms;
    }

    /** The message checks, where they run ({@code null} otherwise): what a wildcard receive took. */
    @Nullable
    SignatureFlow messages() {
        return messages;
    }

    int rank() {
        return rank;
    }

    int toolId() {
        return toolId;
    }

    @Nullable
    Object world() {
        return world;
    }

    RankResults results() {
        return results;
    }

    String binding() {
        return binding;
    }

    /** The binding the application's calls go to, and its facts; at {@code MPI_Init}. */
    void bindingIs(String bindingId) {
        binding = bindingId;
        facts = BindingFacts.of(bindingId);
    }

    /** What the binding's descriptor says the checker must know ({@link BindingFacts#UNKNOWN} before {@code MPI_Init}). */
    /** The datatypes' signatures, or {@code null} before {@code MPI_Init} or where the checks are off. */
    @Nullable
    TypeSignatures types() {
        return types;
    }

    BindingFacts facts() {
        return facts;
    }
}
