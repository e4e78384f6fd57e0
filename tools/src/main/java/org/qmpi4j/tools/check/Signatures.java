package org.qmpi4j.tools.check;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.tools.mpi.BindingFacts;

/**
 * The sender's datatype signature brought to the receiver's checker, for {@code type_mismatch} and
 * {@code truncation}. Before each message leaves, the sender's checker starts a small nonblocking
 * message of its own (the datatype, count, bytes, the hash and length of the type signature of what
 * it sends ({@link TypeSignature}), call site and the sender's world rank) to the same
 * destination with the same tag on the checker's duplicate of the message's communicator
 * ({@link CommDuplicates}: {@code COMM_WORLD}'s made at start-up, every other one's when the
 * application's call that made it returned, intercommunicators too). MPI's non-overtaking rule
 * pairs them: the n-th signature from rank s with tag t describes the n-th message from s with tag
 * t. The receiver's checker posts a nonblocking receive for the signature when the application
 * posts its receive (or, for a wildcard receive, when its status names source and tag), and looks
 * at it without ever blocking: before the application's receive if it has arrived, so a
 * truncation is reported before MPI's own error, otherwise after it, or later. Each message costs
 * one more small message (see BENCHMARKS.md). The receiver compares type signatures, not names
 * or sizes: the message matches when its signature is a prefix of that of the receive's count
 * of its datatype (4 {@code MPI_INT} into a contiguous type of 4 {@code MPI_INT}; a vector of
 * {@code MPI_INT} into as many {@code MPI_INT}), whether the types are basic or derived; a type
 * whose signature is not known ({@link TypeSignatures}) and {@code MPI_PACKED} match anything. Where the pairing cannot be kept (a wildcard receive
 * completed without a status, persistent receives), this rank stops checking signatures and says
 * so in verbose mode, rather than compare the wrong messages.
 *
 * <p>The message's bytes are {@link SignatureRecord}'s. This class is over the usual size because
 * its sends, its posted receives and their pools of buffers and requests share one pairing order
 * (the one MPI's non-overtaking rule gives) that a split would have to pass around.
 */
final class Signatures {
    /** The names of the basic types as findings say them, by code ({@link TypeSignatures#BASIC}). */
    private static final String[] NAMES = new String[TypeSignatures.BASIC.length];

    static {
        for (int i = 0; i < NAMES.length; i++) {
            NAMES[i] = "MPI_" + TypeSignatures.BASIC[i];
        }
    }

    /**
     * A receive waiting for its message's signature. Reused: {@link #release} takes back one that
     * was compared and that nothing holds any more.
     */
    static final class Expect {
        /** The checker's duplicate of the receive's communicator. */
        Object dup;

        /** The receive of the signature and its buffer; {@code null} for a wildcard receive until its status names the sender. */
        @Nullable
        Object request;

        @Nullable
        Object buffer;

        MpiFunction function;

        @Nullable
        CallingAddress site;

        String type;
        /** The receive datatype's signature, {@code null} if not known, and the receive's count of it (-1 if not known). */
        @Nullable
        TypeSignature signature;

        long count;
        long capacity;
        boolean done;

        /** What this rank had sent when the receive was posted ({@code buffering_deadlock}). */
        final ZeroBuffering.Before before = new ZeroBuffering.Before();

        /** For {@code message_race}: the source and tag of the message (-1 until known), the receive's number. */
        int source = -1;

        int tag = -1;
        long posting;
        /** A wildcard receive's: from {@code MPI_ANY_SOURCE}, the tag it wanted, right after a probe of any source. */
        boolean anySource;

        int tagWanted = MessageRaces.ANY_TAG;
        boolean afterProbe;
        /** The record of the wildcard receive whose message this is ({@link MessageRaces#completed}), or 0. */
        long race;
        /** Its receive completed before the signature came (the clock waits for it). */
        boolean waited;

        /** An empty record, for {@link #set} to fill; {@code dup} is any object until then. */
        Expect(Object dup) {
            set(dup, null, null, MpiFunction.MPI_RECV, null, "derived", -1);
        }

        Expect set(
                Object dup,
                @Nullable Object request,
                @Nullable Object buffer,
                MpiFunction function,
                @Nullable CallingAddress site,
                String type,
                long capacity) {
            this.dup = dup;
            this.request = request;
            this.buffer = buffer;
            this.function = function;
            this.site = site;
            this.type = type;
            this.capacity = capacity;
            this.signature = null;
            this.count = -1;
            this.done = false;
            this.source = -1;
            this.tag = -1;
            this.posting = 0;
            this.anySource = false;
            this.tagWanted = MessageRaces.ANY_TAG;
            this.afterProbe = false;
            this.race = 0;
            this.waited = false;
            return this;
        }

        /** The receive's datatype signature and count. */
        Expect of(@Nullable TypeSignature signature, long count) {
            this.signature = signature;
            this.count = count;
            return this;
        }
    }

    /** A signature send in flight: its request and buffer, reused once the send completed. */
    private static final class Sending {
        @Nullable
        Object request;
        /** A direct buffer (Open MPI) or a byte array (MPJ Express), {@link SignatureRecord#MAX} bytes. */
        final Object buffer;

        Sending(Object buffer) {
            this.buffer = buffer;
        }
    }

    /**
     * The argument arrays of this thread's calls through the name-shifted entry, reused: a
     * signature's send, its receive and the tests of both would otherwise make an array each.
     */
    private static final class Arguments {
        final Object[] five = new Object[5];
        final Object[] six = new Object[6];
    }

    private static final ThreadLocal<Arguments> ARGUMENTS = ThreadLocal.withInitial(Arguments::new);

    /** Boxed counts, ranks and tags up to this bound are made once; larger ones at each use. */
    private static final Integer[] BOXED = new Integer[SignatureRecord.MAX + 1];

    static {
        for (int i = 0; i < BOXED.length; i++) {
            BOXED[i] = i;
        }
    }

    private static Integer boxed(int v) {
        return v >= 0 && v < BOXED.length ? BOXED[v] : Integer.valueOf(v);
    }

    private final Checker checker;
    private final int toolId;
    /** Buffers are {@code nio} (Open MPI): signatures travel in direct buffers, without offsets; else arrays with offsets. */
    private final boolean nioBuffers;

    private final CommDuplicates dups;
    private final Object byteType;
    private final TypeSignatures types;

    private final List<Expect> waiting = new ArrayList<>();
    /** Receive buffers of signatures, reused: a direct buffer costs far more to make than a message. */
    private final java.util.ArrayDeque<Object> buffers = new java.util.ArrayDeque<>();
    /** Signature sends not yet known to be complete, oldest first. */
    private final java.util.ArrayDeque<Sending> sends = new java.util.ArrayDeque<>();
    /** Signature sends that completed, to reuse. */
    private final java.util.ArrayDeque<Sending> sendSlots = new java.util.ArrayDeque<>();
    /** Receives compared and let go of, to reuse. */
    private final java.util.ArrayDeque<Expect> expects = new java.util.ArrayDeque<>();

    private volatile boolean enabled = true;
    /** The rule {@code buffering_deadlock}, once set up. */
    private volatile @Nullable BufferingDeadlocks buffering;
    /** The rule {@code message_race}, once set up. */
    private volatile @Nullable MessageRaces races;

    Signatures(Checker checker, int toolId, BindingFacts facts, CommDuplicates dups, TypeSignatures types) {
        this.checker = checker;
        this.toolId = toolId;
        this.nioBuffers = facts.buffers() == BindingFacts.Buffers.NIO;
        this.dups = dups;
        this.byteType = Qmpi.bindingConstant(toolId, "BYTE");
        this.types = types;
    }

    /** The signatures of the datatypes this process knows. */
    TypeSignatures types() {
        return types;
    }

    boolean enabled() {
        return enabled;
    }

    void buffering(BufferingDeadlocks b) {
        buffering = b;
    }

    void races(MessageRaces r) {
        races = r;
    }

    @Nullable
    MessageRaces races() {
        return races;
    }

    void disable(String why) {
        if (enabled) {
            enabled = false;
            org.qmpi4j.api.internal.log.Log.tool("check")
                    .info("rank " + checker.rank() + " stops checking message datatypes: " + why);
        }
    }

    String nameOf(@Nullable Object type) {
        return types.nameOf(type);
    }

    /** How {@code type} reads in a finding: {@code MPI_INT}, or a derived type's signature. */
    String describe(@Nullable Object type) {
        TypeSignature s = types.of(type);
        return s == null || s.code >= 0 ? nameOf(type) : "a derived datatype (" + s.text + " each)";
    }

    // ---- sender ---------------------------------------------------------------------------------

    /**
     * Before a message to {@code dest} (a rank of the message's communicator, of which {@code dup}
     * is the checker's duplicate) with {@code tag} leaves: its signature, on {@code dup}. Sent nonblocking: where the library does not buffer small standard
     * sends (MPJ Express' multicore device), a blocking send would wait for the receiver's
     * checker, which posts its receive for a wildcard receive only after the application's
     * message arrived, and that message would never leave. Completed sends are reaped at the next
     * send. The signature is written straight into a reused buffer (binary numbers, the call
     * site's texts as UTF-8), so that a send allocates nothing.
     */
    void send(
            Object dup,
            MpiCall call,
            int dest,
            int tag,
            @Nullable Object type,
            int count,
            long bytes,
            long point,
            int posted)
            throws Exception {
        if (tag < 0) {
            // The application's send is invalid (invalid_argument says so) and MPI refuses it, with
            // an exception where the program asked for one; the signature with the same tag would
            // be refused on the checker's duplicate, whose errors are fatal, and end the job.
            return;
        }
        reap();
        Sending s;
        synchronized (sends) {
            s = sendSlots.poll();
        }
        if (s == null) {
            s = new Sending(
                    nioBuffers ? ByteBuffer.allocateDirect(SignatureRecord.MAX) : new byte[SignatureRecord.MAX]);
        }
        int n = SignatureRecord.write(s.buffer, call, types.of(type), count, bytes, checker.rank());
        SignatureRecord.writeBuffering(s.buffer, point, posted);
        MessageRaces r = races;
        // a rank that does not follow races gives no clock: its messages never witness one
        SignatureRecord.writeClock(s.buffer, r == null ? Long.MAX_VALUE : r.sent(), r == null || r.unsure());
        s.request = pointToPoint(MpiFunction.MPI_ISEND, dup, s.buffer, boxed(n), dest, tag);
        synchronized (sends) {
            sends.add(s);
        }
    }

    /** Forgets the signature sends that completed, oldest first, and keeps their buffers. */
    void reap() throws Exception {
        synchronized (sends) {
            while (!sends.isEmpty()) {
                Sending s = sends.peek();
                if (!test(s.request)) {
                    return;
                }
                sends.poll();
                s.request = null;
                if (sendSlots.size() < 64) {
                    sendSlots.push(s);
                }
            }
        }
    }

    /** MPI_TEST of {@code request}: whether it completed. */
    private boolean test(@Nullable Object request) throws Exception {
        Object status = Qmpi.pmpi(toolId, MpiFunction.MPI_TEST, request, NO_ARGUMENTS);
        return status != null && !Boolean.FALSE.equals(status);
    }

    private static final Object[] NO_ARGUMENTS = new Object[0];

    /** The checker's duplicate of {@code comm}, or {@code null} if its messages are not followed. */
    @Nullable
    Object dupOf(@Nullable Object comm) {
        return dups.of(comm);
    }

    Object worldDup() {
        return dups.world();
    }

    /** After a call that made {@code made}, a new communicator: the duplicate its signatures travel on. */
    void created(@Nullable Object made) throws Exception {
        dups.created(made);
    }

    void forget(@Nullable Object comm) {
        dups.forget(comm);
    }

    // ---- receiver -------------------------------------------------------------------------------

    /** Posts the receive of the signature of the next message from {@code source} with {@code tag}. */
    Expect expect(Object dup, MpiCall call, int source, int tag, @Nullable Object type, long count, long capacity)
            throws Exception {
        Object buffer = buffer();
        Object request = receive(dup, buffer, source, tag);
        Expect e = reused().set(dup, request, buffer, call.function(), call.callingAddress(), nameOf(type), capacity)
                .of(types.of(type), count);
        e.source = source;
        e.tag = tag;
        MessageRaces r = races;
        e.posting = r == null ? 0 : r.posting();
        return e;
    }

    /** What this rank had sent before the receive {@code e} from {@code worldSource} (negative: any) was posted. */
    void before(Expect e, int worldSource) {
        BufferingDeadlocks b = buffering;
        if (b != null) {
            b.counts().before(e.before, worldSource);
        }
    }

    /** A wildcard receive's expectation, until its status names the sender. */
    Expect wildcard(Object dup, MpiCall call, @Nullable Object type, long count, long capacity) {
        Expect e = reused().set(dup, null, null, call.function(), call.callingAddress(), nameOf(type), capacity)
                .of(types.of(type), count);
        MessageRaces r = races;
        e.posting = r == null ? 0 : r.posting();
        return e;
    }

    /** For a wildcard receive whose status named {@code source} and {@code tag}: the receive of its signature. */
    Expect expectFor(Expect wildcard, int source, int tag) throws Exception {
        Object dup = wildcard.dup;
        Object buffer = buffer();
        Object request = receive(dup, buffer, source, tag);
        Expect e = reused().set(
                        dup, request, buffer, wildcard.function, wildcard.site, wildcard.type, wildcard.capacity)
                .of(wildcard.signature, wildcard.count);
        e.before.copy(wildcard.before);
        e.source = source;
        e.tag = tag;
        e.posting = wildcard.posting;
        return e;
    }

    /** MPI_IRECV of a signature into {@code buffer}. */
    private Object receive(Object dup, Object buffer, int source, int tag) throws Exception {
        return Objects.requireNonNull(
                pointToPoint(MpiFunction.MPI_IRECV, dup, buffer, BOXED[SignatureRecord.MAX], source, tag),
                "MPI_IRECV returns a request");
    }

    /**
     * MPI_ISEND or MPI_IRECV ({@code f}) of {@code count} bytes of {@code buffer} to or from
     * {@code peer} on {@code dup}, through this thread's reused argument array: a byte array is
     * followed by its offset, 0; a direct buffer is not.
     */
    private @Nullable Object pointToPoint(MpiFunction f, Object dup, Object buffer, Integer count, int peer, int tag)
            throws Exception {
        Arguments a = ARGUMENTS.get();
        Object[] args = nioBuffers ? a.five : a.six;
        int i = 0;
        args[i++] = buffer;
        if (!nioBuffers) {
            args[i++] = BOXED[0];
        }
        args[i++] = count;
        args[i++] = byteType;
        args[i++] = boxed(peer);
        args[i] = boxed(tag);
        try {
            return Qmpi.pmpi(toolId, f, dup, args);
        } finally {
            args[0] = null;
        }
    }

    private Expect reused() {
        synchronized (expects) {
            Expect e = expects.poll();
            if (e != null) {
                return e;
            }
        }
        return new Expect(byteType);
    }

    /**
     * Takes back {@code e}, which nothing holds any more: a wildcard's once its sender is known, a
     * receive's once compared (and not waiting).
     */
    void release(Expect e) {
        e.request = null;
        e.buffer = null;
        e.site = null;
        e.signature = null;
        e.dup = byteType;
        e.before.clear();
        synchronized (expects) {
            if (expects.size() < 64) {
                expects.push(e);
            }
        }
    }

    /**
     * Compares now if the signature arrived (true: the caller may {@link #release} it); otherwise
     * keeps waiting for it (later calls look again, and the wait list holds it).
     */
    boolean check(Expect e) throws Exception {
        if (!poll(e)) {
            MessageRaces r = races;
            if (r != null && !e.waited) {
                e.waited = true;
                r.waiting(1);
            }
            synchronized (waiting) {
                waiting.add(e);
            }
            return false;
        }
        return true;
    }

    /** True when the signature arrived and was compared. */
    boolean poll(Expect e) throws Exception {
        if (e.done) {
            return true;
        }
        if (!test(e.request)) {
            return false;
        }
        e.done = true;
        Object buffer = Objects.requireNonNull(e.buffer, "a posted receive has its buffer");
        try {
            compare(e, buffer);
        } finally {
            synchronized (buffers) {
                if (buffers.size() < 64) {
                    buffers.push(buffer);
                }
            }
        }
        return true;
    }

    /** A receive buffer for a signature. */
    private Object buffer() {
        synchronized (buffers) {
            Object b = buffers.poll();
            if (b != null) {
                return b;
            }
        }
        return nioBuffers ? ByteBuffer.allocateDirect(SignatureRecord.MAX) : new byte[SignatureRecord.MAX];
    }

    /** Looks again at signatures that had not arrived. */
    void drain() throws Exception {
        synchronized (waiting) {
            for (int i = 0; i < waiting.size(); ) { // by index: an iterator is an object per call
                Expect e = waiting.get(i);
                if (poll(e)) {
                    waiting.remove(i);
                    release(e);
                } else {
                    i++;
                }
            }
        }
    }

    /** At MPI_Finalize: the last look; receives of signatures that never came are cancelled. */
    void finish() throws Exception {
        reap(); // sends still incomplete are left to MPI_Finalize: their receivers stopped checking
        drain();
        synchronized (waiting) {
            for (Expect e : waiting) {
                Qmpi.pmpi(toolId, MpiFunction.MPI_CANCEL, e.request);
                Qmpi.pmpi(toolId, MpiFunction.MPI_WAIT, e.request);
            }
            waiting.clear();
        }
    }

    /**
     * {@code message_race}, as the signature in {@code b} of the message {@code e} took arrives: the
     * sender's clock joins this rank's; the message is kept as its wildcard receive's, and may witness
     * a race of an earlier one.
     */
    private void raced(MessageRaces races, Expect e, Object b) {
        long clock = SignatureRecord.clock(b);
        boolean unsure = SignatureRecord.unsure(b);
        races.joined(clock, unsure);
        if (e.waited) {
            e.waited = false;
            races.waiting(-1);
        }
        if (e.race != 0) {
            races.senderOf(e.race, b, SignatureRecord.length(b));
        }
        if (e.source < 0) {
            return;
        }
        int found = races.witness(e.dup, e.source, e.tag, e.posting, e.site, clock, unsure);
        if (found >= 0) {
            RaceFinding.report(checker, races, found / 4, found % 4, e, b);
        }
    }

    /**
     * Compares the signature in {@code b} with the receive {@code e}: by type signature, the
     * message's a prefix of the receive's. Nothing is made unless a finding is.
     */
    private void compare(Expect e, Object b) {
        if (!SignatureRecord.valid(b)) {
            return;
        }
        int code = SignatureRecord.typeCode(b);
        long sCount = SignatureRecord.count(b);
        long sBytes = SignatureRecord.bytes(b);
        long sHash = SignatureRecord.typeHash(b);
        long sLength = SignatureRecord.typeLength(b);
        MessageRaces races = this.races;
        if (races != null) {
            raced(races, e, b);
        }
        BufferingDeadlocks buffers = buffering;
        if (buffers != null
                && buffers.counts()
                        .cycleWith(
                                e.before,
                                SignatureRecord.rank(b),
                                SignatureRecord.point(b),
                                SignatureRecord.posted(b))) {
            buffers.twoRanks(SignatureRecord.senderSite(b), sBytes, checker.rank(), e.before);
        }
        boolean truncated = e.capacity >= 0 && sBytes > e.capacity;
        TypeSignature r = e.signature;
        boolean mismatch = r != null
                && sLength >= 0
                && code != TypeSignatures.PACKED
                && r.basic != TypeSignatures.PACKED
                && !r.takes(sHash, sLength, e.count >= 0 ? e.count : Long.MAX_VALUE);
        if (!truncated && !mismatch) {
            return;
        }
        int source = SignatureRecord.rank(b);
        String sent = code >= 0 && code < NAMES.length
                ? sCount + " " + NAMES[code]
                : sLength < 0
                        ? sCount + " derived"
                        : sCount + " of a derived datatype (" + SignatureRecord.typeText(b) + " each)";
        String received = r == null || r.code >= 0 ? e.type : "a derived datatype (" + r.text + " each)";
        FindingSite sender = SignatureRecord.senderSite(b);
        FindingSite receiver = Sites.of(checker.rank(), e.function, e.site);
        if (truncated) {
            checker.report(
                    "truncation",
                    Finding.Severity.ERROR,
                    "rank " + source + " sent " + sent + " (" + sBytes + " bytes) but this receive"
                            + " takes at most " + e.capacity + " bytes: MPI fails with MPI_ERR_TRUNCATE; make the"
                            + " receive buffer and count large enough for the largest message",
                    sender,
                    receiver);
        } else {
            checker.report(
                    "type_mismatch",
                    Finding.Severity.ERROR,
                    "rank " + source + " sent " + sent + " (" + sBytes + " bytes), received as "
                            + received + ": the datatype signatures differ (the sequence of basic types sent is not"
                            + " the beginning of the one received), so the data is reinterpreted; receive with a"
                            + " datatype whose basic types are those sent, in the same order",
                    sender,
                    receiver);
        }
    }
}
