package org.qmpi4j.tools.check;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
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
 * message of its own (the datatype, count, bytes, call site and the sender's world rank) to the same
 * destination with the same tag on the checker's duplicate of the message's communicator
 * ({@link CommDuplicates}: {@code COMM_WORLD}'s made at start-up, every other one's when the
 * application's call that made it returned, intercommunicators too). MPI's non-overtaking rule
 * pairs them: the n-th signature from rank s with tag t describes the n-th message from s with tag
 * t. The receiver's checker posts a nonblocking receive for the signature when the application
 * posts its receive (or, for a wildcard receive, when its status names source and tag), and looks
 * at it without ever blocking: before the application's receive if it has arrived, so a
 * truncation is reported before MPI's own error, otherwise after it, or later. Each message costs
 * one more small message (see BENCHMARKS.md). Where the pairing cannot be kept (a wildcard receive
 * completed without a status, persistent receives), this rank stops checking signatures and says
 * so in verbose mode, rather than compare the wrong messages.
 */
final class Signatures {
    private static final int MAX = 1024;
    private static final String[] BASIC = {
        "BYTE",
        "CHAR",
        "SHORT",
        "BOOLEAN",
        "INT",
        "LONG",
        "FLOAT",
        "DOUBLE",
        "PACKED",
        "OBJECT",
        "INT2",
        "SHORT_INT",
        "LONG_INT",
        "FLOAT_INT",
        "DOUBLE_INT",
        "FLOAT_COMPLEX",
        "DOUBLE_COMPLEX"
    };

    /** A receive waiting for its message's signature. */
    static final class Expect {
        /** The checker's duplicate of the receive's communicator. */
        final Object dup;

        /** The receive of the signature and its buffer; {@code null} for a wildcard receive until its status names the sender. */
        final @Nullable Object request;

        final @Nullable Object buffer;
        final MpiFunction function;
        final CallingAddress site;
        final String type;
        final long capacity;
        boolean done;

        Expect(
                Object dup,
                @Nullable Object request,
                @Nullable Object buffer,
                MpiFunction function,
                CallingAddress site,
                String type,
                long capacity) {
            this.dup = dup;
            this.request = request;
            this.buffer = buffer;
            this.function = function;
            this.site = site;
            this.type = type;
            this.capacity = capacity;
        }
    }

    private final Checker checker;
    private final int toolId;
    /** Buffers are {@code nio} (Open MPI): signatures travel in direct buffers, without offsets; else arrays with offsets. */
    private final boolean nioBuffers;

    private final CommDuplicates dups;
    private final Object byteType;
    private final Map<Object, String> typeNames = new IdentityHashMap<>();
    private final List<Expect> waiting = new ArrayList<>();
    /** Receive buffers of signatures, reused: a direct buffer costs far more to make than a message. */
    private final java.util.ArrayDeque<Object> buffers = new java.util.ArrayDeque<>();
    /** Signature sends not yet known to be complete: {request, buffer}, oldest first. */
    private final java.util.ArrayDeque<Object[]> sends = new java.util.ArrayDeque<>();

    private final java.util.ArrayDeque<ByteBuffer> sendBuffers = new java.util.ArrayDeque<>();

    private volatile boolean enabled = true;

    Signatures(Checker checker, int toolId, BindingFacts facts, CommDuplicates dups) {
        this.checker = checker;
        this.toolId = toolId;
        this.nioBuffers = facts.buffers() == BindingFacts.Buffers.NIO;
        this.dups = dups;
        this.byteType = Qmpi.bindingConstant(toolId, "BYTE");
        for (String name : BASIC) {
            try {
                Object t = Qmpi.bindingConstant(toolId, name);
                if (t != null) {
                    typeNames.put(t, "MPI_" + name);
                }
            } catch (RuntimeException absent) {
                // the binding has no such constant
            }
        }
    }

    boolean enabled() {
        return enabled;
    }

    void disable(String why) {
        if (enabled) {
            enabled = false;
            org.qmpi4j.api.internal.log.Log.tool("check")
                    .info("rank " + checker.rank() + " stops checking message datatypes: " + why);
        }
    }

    String nameOf(@Nullable Object type) {
        String n = type == null ? null : typeNames.get(type);
        return n == null ? "derived" : n;
    }

    // ---- sender ---------------------------------------------------------------------------------

    /**
     * Before a message to {@code dest} (a rank of the message's communicator, of which {@code dup}
     * is the checker's duplicate) with {@code tag} leaves: its signature, on {@code dup}. Sent nonblocking: where the library does not buffer small standard
     * sends (MPJ Express' multicore device), a blocking send would wait for the receiver's
     * checker, which posts its receive for a wildcard receive only after the application's
     * message arrived, and that message would never leave. Completed sends are reaped at the next
     * send.
     */
    void send(Object dup, MpiCall call, int dest, int tag, @Nullable Object type, int count, long bytes)
            throws Exception {
        if (tag < 0) {
            // The application's send is invalid (invalid_argument says so) and MPI refuses it, with
            // an exception where the program asked for one; the signature with the same tag would
            // be refused on the checker's duplicate, whose errors are fatal, and end the job.
            return;
        }
        CallingAddress a = call.callingAddress();
        String sig = nameOf(type) + "\t" + count + "\t" + bytes + "\t"
                + call.function().name() + "\t"
                + (a == null ? "(unknown)" : a.className()) + "\t" + (a == null ? "(unknown)" : a.methodName())
                + "\t" + (a == null || a.fileName() == null ? "" : a.fileName()) + "\t" + (a == null ? -1 : a.line())
                + "\t" + checker.rank();
        byte[] b = sig.getBytes(StandardCharsets.UTF_8);
        if (b.length > MAX) {
            b = java.util.Arrays.copyOf(b, MAX);
        }
        reap();
        Object buffer;
        Object request;
        if (nioBuffers) {
            ByteBuffer direct;
            synchronized (sendBuffers) {
                direct = sendBuffers.poll();
            }
            if (direct == null) {
                direct = ByteBuffer.allocateDirect(MAX);
            }
            for (int i = 0; i < b.length; i++) {
                direct.put(i, b[i]);
            }
            buffer = direct;
            request = Qmpi.pmpi(toolId, MpiFunction.MPI_ISEND, dup, direct, b.length, byteType, dest, tag);
        } else {
            buffer = b;
            request = Qmpi.pmpi(toolId, MpiFunction.MPI_ISEND, dup, b, 0, b.length, byteType, dest, tag);
        }
        synchronized (sends) {
            sends.add(new Object[] {request, buffer});
        }
    }

    /** Forgets the signature sends that completed, oldest first, and keeps their buffers. */
    void reap() throws Exception {
        synchronized (sends) {
            while (!sends.isEmpty()) {
                Object[] s = sends.peek();
                Object status = Qmpi.pmpi(toolId, MpiFunction.MPI_TEST, s[0]);
                if (status == null || Boolean.FALSE.equals(status)) {
                    return;
                }
                sends.poll();
                if (s[1] instanceof ByteBuffer) {
                    synchronized (sendBuffers) {
                        if (sendBuffers.size() < 64) {
                            sendBuffers.push((ByteBuffer) s[1]);
                        }
                    }
                }
            }
        }
    }

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
    Expect expect(Object dup, MpiCall call, int source, int tag, @Nullable Object type, long capacity)
            throws Exception {
        Object buffer = buffer();
        Object request = nioBuffers
                ? Qmpi.pmpi(toolId, MpiFunction.MPI_IRECV, dup, buffer, MAX, byteType, source, tag)
                : Qmpi.pmpi(toolId, MpiFunction.MPI_IRECV, dup, buffer, 0, MAX, byteType, source, tag);
        return new Expect(dup, request, buffer, call.function(), call.callingAddress(), nameOf(type), capacity);
    }

    /** For a wildcard receive whose status named {@code source} and {@code tag}: the receive of its signature. */
    Expect expectFor(Expect wildcard, int source, int tag) throws Exception {
        Object dup = wildcard.dup;
        Object buffer = buffer();
        Object request = nioBuffers
                ? Qmpi.pmpi(toolId, MpiFunction.MPI_IRECV, dup, buffer, MAX, byteType, source, tag)
                : Qmpi.pmpi(toolId, MpiFunction.MPI_IRECV, dup, buffer, 0, MAX, byteType, source, tag);
        return new Expect(dup, request, buffer, wildcard.function, wildcard.site, wildcard.type, wildcard.capacity);
    }

    /** Compares now if the signature arrived; otherwise keeps waiting for it (later calls look again). */
    void check(Expect e) throws Exception {
        if (!poll(e)) {
            synchronized (waiting) {
                waiting.add(e);
            }
        }
    }

    /** True when the signature arrived and was compared. */
    boolean poll(Expect e) throws Exception {
        if (e.done) {
            return true;
        }
        Object status = Qmpi.pmpi(toolId, MpiFunction.MPI_TEST, e.request);
        if (status == null || Boolean.FALSE.equals(status)) {
            return false;
        }
        e.done = true;
        Object buffer = Objects.requireNonNull(e.buffer, "a posted receive has its buffer");
        String sig = read(buffer);
        synchronized (buffers) {
            if (buffers.size() < 64) {
                buffers.push(buffer);
            }
        }
        compare(e, sig);
        return true;
    }

    /** A zeroed receive buffer for a signature. */
    private Object buffer() {
        synchronized (buffers) {
            Object b = buffers.poll();
            if (b != null) {
                return b;
            }
        }
        return nioBuffers ? ByteBuffer.allocateDirect(MAX) : new byte[MAX];
    }

    /** Looks again at signatures that had not arrived. */
    void drain() throws Exception {
        synchronized (waiting) {
            for (Iterator<Expect> it = waiting.iterator(); it.hasNext(); ) {
                if (poll(it.next())) {
                    it.remove();
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

    /** The text up to the first zero byte, and the buffer zeroed again for its next use. */
    private static String read(Object buffer) {
        int n = 0;
        byte[] bytes;
        if (buffer instanceof ByteBuffer) {
            ByteBuffer b = (ByteBuffer) buffer;
            while (n < MAX && b.get(n) != 0) {
                n++;
            }
            bytes = new byte[n];
            for (int i = 0; i < n; i++) {
                bytes[i] = b.get(i);
                b.put(i, (byte) 0);
            }
        } else {
            byte[] b = (byte[]) buffer;
            while (n < MAX && b[n] != 0) {
                n++;
            }
            bytes = java.util.Arrays.copyOf(b, n);
            java.util.Arrays.fill(b, 0, n, (byte) 0);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private void compare(Expect e, String sig) {
        String[] p = sig.split("\t", -1);
        if (p.length < 9) {
            return;
        }
        int source = Integer.parseInt(p[8]);
        String sType = p[0];
        long sCount = Long.parseLong(p[1]);
        long sBytes = Long.parseLong(p[2]);
        FindingSite sender =
                new FindingSite(source, p[3], p[4], p[5], p[6].isEmpty() ? null : p[6], Integer.parseInt(p[7]));
        FindingSite receiver = Sites.of(checker.rank(), e.function, e.site);
        if (e.capacity >= 0 && sBytes > e.capacity) {
            checker.report(
                    "truncation",
                    Finding.Severity.ERROR,
                    "rank " + source + " sent " + sCount + " " + sType + " (" + sBytes + " bytes) but this receive"
                            + " takes at most " + e.capacity + " bytes: MPI fails with MPI_ERR_TRUNCATE; make the"
                            + " receive buffer and count large enough for the largest message",
                    sender,
                    receiver);
        } else if (!sType.equals(e.type)
                && !"derived".equals(sType)
                && !"derived".equals(e.type)
                && !"MPI_PACKED".equals(sType)
                && !"MPI_PACKED".equals(e.type)) {
            checker.report(
                    "type_mismatch",
                    Finding.Severity.ERROR,
                    "rank " + source + " sent " + sCount + " " + sType + " (" + sBytes + " bytes), received as "
                            + e.type + ": the datatype signatures differ, so the data is reinterpreted; receive with"
                            + " the datatype that was sent",
                    sender,
                    receiver);
        }
    }
}
