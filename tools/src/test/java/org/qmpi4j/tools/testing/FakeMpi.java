package org.qmpi4j.tools.testing;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.ToolInitializer;
import org.qmpi4j.api.internal.QmpiBackend;

/**
 * A one-rank MPI in memory, for unit tests of the bundled tools: a {@link QmpiBackend} whose
 * chain is one tool followed by a "binding" that does nothing, and whose name-shifted calls
 * implement the handful of collectives the tools use (with one rank, each is a copy or nothing)
 * in Open MPI's argument order, or with an offset after each buffer where the binding's facts say
 * {@code array-offset}. Tests drive the tool's handlers with {@link Call}s.
 *
 * <p>What the fake's bindings' descriptors say ({@link #bindingFact}, {@link #bindingHasFunction})
 * is fixed per binding id, as it is in the agent: {@code openmpi} and {@code mpj} as the real
 * descriptors say, and ids a test describes with {@link #describe} (a new id per test: the tools
 * keep what they read once per id).
 */
public final class FakeMpi implements QmpiBackend {
    public static final String BINDING = "openmpi";

    private final Map<MpiFunction, ToolHandler> handlers = new EnumMap<>(MpiFunction.class);
    private final Map<String, Object> constants = new HashMap<>();
    private final ToolFunction binding = new ToolFunction() {
        @Override
        public int toolId() {
            return 0;
        }

        @Override
        public boolean isBinding() {
            return true;
        }

        @Override
        public @Nullable Object invoke(QmpiContext context, MpiCall call) {
            Runnable hook = whenCalled.get(call.function());
            if (hook != null) {
                hook.run();
            }
            if (call instanceof Call && ((Call) call).failure != null) {
                throw ((Call) call).failure;
            }
            // what the call says the binding returned (a receive's status), as the binding would
            return call instanceof Call ? ((Call) call).result() : null;
        }
    };

    /** What the binding does when the chain reaches it with a function (e.g. the real MPI_Finalize). */
    public final Map<MpiFunction, Runnable> whenCalled = new EnumMap<>(MpiFunction.class);

    /** What a tool's own call of a function is shown, with its arguments, as it is made (they may be reused after). */
    public final Map<MpiFunction, java.util.function.Consumer<Object[]>> onToolCall = new EnumMap<>(MpiFunction.class);

    /**
     * A backend can be installed once per JVM, and tests make many fakes: the one installed backend
     * forwards to the newest fake.
     */
    private static final AtomicReference<FakeMpi> NEWEST = new AtomicReference<>();

    static {
        QmpiBackend.install(new Newest());
    }

    /**
     * The one installed backend, forwarding to the newest fake. A class, not a {@code java.lang.reflect.Proxy}: a
     * proxy boxes every call's arguments into an array, which the tests that count what a tool
     * allocates per call would count as the tool's.
     */
    private static final class Newest implements QmpiBackend {
        private static FakeMpi fake() {
            return java.util.Objects.requireNonNull(NEWEST.get(), "a fake was made");
        }

        @Override
        public void registerToolName(String name, ToolInitializer init) {
            fake().registerToolName(name, init);
        }

        @Override
        public void registerToolStorage(int toolId, Object storage) {
            fake().registerToolStorage(toolId, storage);
        }

        @Override
        public void registerToolFunction(int toolId, MpiFunction function, ToolHandler handler) {
            fake().registerToolFunction(toolId, function, handler);
        }

        @Override
        public ToolFunction getNextToolFunction(int toolId, MpiFunction function) {
            return fake().getNextToolFunction(toolId, function);
        }

        @Override
        public @Nullable Object getToolStorage(QmpiContext context, int toolId) {
            return fake().getToolStorage(context, toolId);
        }

        @Override
        public CallingAddress getCallingAddress(QmpiContext context) {
            return fake().getCallingAddress(context);
        }

        @Override
        public @Nullable Object invokeNext(
                QmpiContext context, int toolId, MpiFunction function, @Nullable Object receiver, Object... args) {
            return fake().invokeNext(context, toolId, function, receiver, args);
        }

        @Override
        public @Nullable Object pmpi(int toolId, MpiFunction function, @Nullable Object receiver, Object... args) {
            return fake().pmpi(toolId, function, receiver, args);
        }

        @Override
        public Object bindingConstant(int toolId, String name) {
            return fake().bindingConstant(toolId, name);
        }

        @Override
        public boolean takesReceiver(int toolId, MpiFunction function) {
            return fake().takesReceiver(toolId, function);
        }

        @Override
        public int pcontrolLevel(int toolId) {
            return fake().pcontrolLevel(toolId);
        }

        @Override
        public org.qmpi4j.api.mpit.MpiT mpit(int toolId) {
            return fake().mpit(toolId);
        }

        @Override
        public org.qmpi4j.api.mpit.MpiT mpit() {
            return fake().mpit();
        }

        @Override
        public String[] statusMember(Class<?> statusClass, String field) {
            return statusLine(statusClass, field);
        }

        @Override
        public @Nullable String bindingFact(String bindingId, String fact) {
            return fake().bindingFact(bindingId, fact);
        }

        @Override
        public @Nullable String bindingTitle(String bindingId) {
            return fake().bindingTitle(bindingId);
        }

        @Override
        public boolean bindingHasFunction(String bindingId, MpiFunction function) {
            return fake().bindingHasFunction(bindingId, function);
        }
    }

    public FakeMpi() {
        NEWEST.set(this);
    }

    /** Binding id -> {buffers, free, whether it has MPI_Request_free, receives}, as the descriptors' fact lines say. */
    private static final Map<String, String[]> FACTS = new java.util.concurrent.ConcurrentHashMap<>(Map.of(
            "openmpi", new String[] {"nio", "invalidates", "yes", "in-place"},
            "mpj", new String[] {"array-offset", "no-op", "no", "at-completion"}));

    /**
     * Describes binding {@code id} as its descriptor would: {@code fact buffers}, {@code fact free},
     * and whether it maps {@code MPI_Request_free}.
     */
    public static void describe(String id, String buffers, String free, boolean requestFree) {
        FACTS.put(id, new String[] {buffers, free, requestFree ? "yes" : "no", "in-place"});
    }

    /** Binding id -> the title its descriptor gives it. */
    private static final Map<String, String> TITLES = new java.util.concurrent.ConcurrentHashMap<>(Map.of(
            "openmpi", "Open MPI Java bindings 4.1",
            "mpj", "MPJ Express 0.44 (mpiJava 1.2)"));

    /** Gives binding {@code id} the title {@code title}, as its descriptor's {@code title} line would. */
    public static void title(String id, String title) {
        TITLES.put(id, title);
    }

    @Override
    public @Nullable String bindingTitle(String bindingId) {
        return TITLES.get(bindingId);
    }

    @Override
    public @Nullable String bindingFact(String bindingId, String fact) {
        String[] f = FACTS.get(bindingId);
        if (f == null) {
            return null;
        }
        switch (fact) {
            case "buffers":
                return f[0];
            case "free":
                return f[1];
            case "receives":
                return f[3];
            default:
                return null;
        }
    }

    @Override
    public boolean bindingHasFunction(String bindingId, MpiFunction function) {
        String[] f = FACTS.get(bindingId);
        return f != null && (function != MpiFunction.MPI_REQUEST_FREE || f[2].equals("yes"));
    }

    /**
     * What the two bindings' descriptors say of their status classes, for the tests' stand-ins: a
     * class whose simple name starts with {@code Mpj} keeps source, tag and index in public fields
     * (MPJ Express), any other in getters (Open MPI).
     */
    static String[] statusLine(Class<?> statusClass, String field) {
        if (statusClass.getSimpleName().startsWith("Mpj")) {
            return new String[] {field, "I"};
        }
        return new String[] {"get" + Character.toUpperCase(field.charAt(0)) + field.substring(1), "()I"};
    }

    /** The handler the tool registered for {@code f}. */
    public ToolHandler handler(MpiFunction f) {
        ToolHandler h = handlers.get(f);
        if (h == null) {
            throw new IllegalStateException("the tool registered no handler for " + f);
        }
        return h;
    }

    /** Runs one call through the tool (tool id 1). */
    public @Nullable Object call(Call c) throws Exception {
        return handler(c.function()).intercept(c, 1, c);
    }

    /** Gives the binding's constant {@code name} the value {@code value} (an Integer for the peers' wildcards). */
    public void define(String name, Object value) {
        constants.put(name, value);
    }

    public Object constant(String name) {
        return constants.computeIfAbsent(name, n -> {
            String text = "MPI." + n; // made once: a call that prints it allocates nothing
            return new Object() {
                @Override
                public String toString() {
                    return text;
                }
            };
        });
    }

    @Override
    public void registerToolName(String name, ToolInitializer init) {}

    @Override
    public void registerToolStorage(int toolId, Object storage) {}

    @Override
    public void registerToolFunction(int toolId, MpiFunction function, ToolHandler handler) {
        handlers.put(function, handler);
    }

    @Override
    public ToolFunction getNextToolFunction(int toolId, MpiFunction function) {
        return binding;
    }

    @Override
    public @Nullable Object getToolStorage(QmpiContext context, int toolId) {
        return null;
    }

    @Override
    public CallingAddress getCallingAddress(QmpiContext context) {
        return ((Call) context).callingAddress();
    }

    @Override
    public @Nullable Object invokeNext(
            QmpiContext context, int toolId, MpiFunction function, @Nullable Object receiver, Object... args) {
        throw new UnsupportedOperationException();
    }

    @Override
    public @Nullable Object pmpi(int toolId, MpiFunction function, @Nullable Object receiver, Object... args) {
        if (recordToolCalls) {
            synchronized (toolCalls) {
                toolCalls.add(new Object[] {function, receiver, args});
            }
        }
        java.util.function.Consumer<Object[]> shown = onToolCall.get(function);
        if (shown != null) {
            shown.accept(args);
        }
        switch (function) {
            case MPI_ISEND: // (buf, count, type, dest, tag): the one rank's message to itself
                return loopback.send(args[0], (Integer) args[1], (Integer) args[4]);
            case MPI_IRECV: // (buf, count, type, source, tag)
                return loopback.receive(args[0], (Integer) args[4]);
            case MPI_TEST:
                return loopback.test(receiver);
            case MPI_CANCEL:
            case MPI_WAIT:
                return null;
            case MPI_COMM_SET_ERRHANDLER:
                return null;
            case MPI_COMM_DUP:
                return new Object(); // a communicator of its own
            case MPI_COMM_RANK:
                return 0;
            case MPI_COMM_SIZE:
                return 1;
            case MPI_BARRIER:
            case MPI_BCAST:
                return null;
            case MPI_ALLREDUCE:
                if (args.length == 7) { // (send, soff, recv, roff, count, type, op)
                    copy(args[0], args[2], (Integer) args[4], args[5]);
                } else { // (send, recv, count, type, op)
                    copy(args[0], args[1], (Integer) args[2], args[3]);
                }
                return null;
            case MPI_IALLREDUCE: // (send, recv, count, type, op): complete at once, as with one rank
                copy(args[0], args[1], (Integer) args[2], args[3]);
                return loopback.sent;
            case MPI_GATHER:
                if (args.length == 9) { // (send, soff, count, type, recv, roff, count, type, root)
                    copy(args[0], args[4], (Integer) args[2], args[3]);
                } else { // (send, count, type, recv, count, type, root)
                    copy(args[0], args[3], (Integer) args[1], args[2]);
                }
                return null;
            default:
                throw new UnsupportedOperationException("fake MPI has no " + function);
        }
    }

    /** {@code count} elements of {@code type}: arrays as they are, direct buffers (Open MPI's binding) by bytes. */
    private static void copy(Object from, Object to, int count, Object type) {
        if (from instanceof java.nio.ByteBuffer) {
            int bytes = count * ("MPI.LONG".equals(String.valueOf(type)) ? Long.BYTES : 1);
            for (int i = 0; i < bytes; i++) {
                ((java.nio.ByteBuffer) to).put(i, ((java.nio.ByteBuffer) from).get(i));
            }
        } else {
            System.arraycopy(from, 0, to, 0, count);
        }
    }

    /** Functions the fake binding calls statically (as MPJ Express does {@code MPI_COMM_SET_ERRHANDLER}). */
    public final java.util.Set<MpiFunction> staticFunctions = EnumSet.noneOf(MpiFunction.class);

    /** Functions the fake binding has no method for. */
    public final java.util.Set<MpiFunction> missingFunctions = EnumSet.noneOf(MpiFunction.class);

    @Override
    public boolean takesReceiver(int toolId, MpiFunction function) {
        if (missingFunctions.contains(function)) {
            throw new UnsupportedOperationException("fake binding has no method for " + function);
        }
        return !staticFunctions.contains(function);
    }

    /**
     * Whether {@link #toolCalls} records the tools' calls (each record is allocated: tests that count
     * a tool's allocations turn it off).
     */
    public boolean recordToolCalls = true;

    /** The messages the one rank sends itself through the name-shifted entry. */
    public final Loopback loopback = new Loopback();

    /**
     * Nonblocking messages of the one rank to itself (Open MPI's argument order, direct buffers),
     * in preallocated tables so that a message allocates nothing: a send's bytes are copied at once
     * (its request is complete); a receive's request, tested, takes the oldest message with its tag.
     */
    public static final class Loopback {
        private static final int SLOTS = 256;
        private static final int BYTES = 4096;
        private final byte[][] data = new byte[SLOTS][BYTES];
        private final int[] lengths = new int[SLOTS];
        private final int[] tags = new int[SLOTS];
        private final boolean[] full = new boolean[SLOTS];
        private final Object sent = new Object();
        private final Receive[] receives = new Receive[SLOTS];
        private int nextSlot;
        private int nextReceive;
        /** Messages sent and taken by a receive. */
        public long sentCount;

        public long receivedCount;

        Loopback() {
            for (int i = 0; i < SLOTS; i++) {
                receives[i] = new Receive();
            }
        }

        /** A receive's request. */
        static final class Receive {
            @Nullable
            Object buffer;

            int tag;
            boolean done;
        }

        synchronized Object send(Object buffer, int count, int tag) {
            int slot = nextSlot;
            if (full[slot]) {
                throw new IllegalStateException("more than " + SLOTS + " messages not received");
            }
            nextSlot = (slot + 1) % SLOTS;
            java.nio.ByteBuffer b = (java.nio.ByteBuffer) buffer;
            for (int i = 0; i < count; i++) {
                data[slot][i] = b.get(i);
            }
            lengths[slot] = count;
            tags[slot] = tag;
            full[slot] = true;
            sentCount++;
            return sent;
        }

        synchronized Object receive(Object buffer, int tag) {
            Receive r = receives[nextReceive];
            nextReceive = (nextReceive + 1) % SLOTS;
            r.buffer = buffer;
            r.tag = tag;
            r.done = false;
            return r;
        }

        synchronized Boolean test(@Nullable Object request) {
            if (request == sent) {
                return Boolean.TRUE;
            }
            Receive r = (Receive) request;
            if (r == null || r.done) {
                return Boolean.TRUE;
            }
            for (int k = 0; k < SLOTS; k++) { // the oldest message with the tag: slots are filled in turn
                int slot = (nextSlot + k) % SLOTS;
                if (full[slot] && tags[slot] == r.tag) {
                    java.nio.ByteBuffer b = (java.nio.ByteBuffer) java.util.Objects.requireNonNull(r.buffer);
                    for (int i = 0; i < lengths[slot]; i++) {
                        b.put(i, data[slot][i]);
                    }
                    full[slot] = false;
                    r.done = true;
                    receivedCount++;
                    return Boolean.TRUE;
                }
            }
            return Boolean.FALSE;
        }
    }

    /** Every call the tools made through the name-shifted entry: {function, receiver, args}. */
    public final java.util.List<Object[]> toolCalls = new java.util.ArrayList<>();

    @Override
    public Object bindingConstant(int toolId, String name) {
        return constant(name);
    }

    @Override
    public int pcontrolLevel(int toolId) {
        return 1;
    }

    /** No MPI_T in the fake: the tools then take their settings from properties and environment. */
    @Override
    public org.qmpi4j.api.mpit.MpiT mpit(int toolId) {
        throw new UnsupportedOperationException("no MPI_T in the fake MPI");
    }

    @Override
    public org.qmpi4j.api.mpit.MpiT mpit() {
        throw new UnsupportedOperationException("no MPI_T in the fake MPI");
    }

    /** One call: its function, site, communicator, peer, tag, bytes and arguments. */
    public static final class Call implements MpiCall, QmpiContext {
        private final MpiFunction function;
        private final CallingAddress site;
        private @Nullable Object communicator;
        private int peer = ABSENT;
        private int tag = ABSENT;
        private long bytes;
        private int count = ABSENT;
        private @Nullable Object datatype;
        private @Nullable Object buffer;
        private Object[] args = new Object[0];
        private @Nullable RuntimeException failure;
        private @Nullable RuntimeException bytesFailure;
        private @Nullable Object request;
        private @Nullable Object result;
        private Class<?> resultType = Object.class;
        private String bindingId = BINDING;
        private final Map<ArgumentRole, Object> roles = new EnumMap<>(ArgumentRole.class);

        public Call(MpiFunction function, CallingAddress site) {
            this.function = function;
            this.site = site;
        }

        public Call on(Object comm) {
            communicator = comm;
            return this;
        }

        public Call peer(int p) {
            peer = p;
            return this;
        }

        public Call tag(int t) {
            tag = t;
            return this;
        }

        public Call bytes(long b) {
            bytes = b;
            return this;
        }

        /** The count, datatype and buffer of the call's (first) buffer. */
        public Call message(int n, @Nullable Object type, @Nullable Object buf) {
            count = n;
            datatype = type;
            buffer = buf;
            return this;
        }

        /** The argument of {@code role} (beside those {@link #message} and {@link #on} set). */
        public Call role(ArgumentRole role, @Nullable Object value) {
            roles.put(role, value);
            return this;
        }

        public Call args(@Nullable Object... a) {
            args = a;
            return this;
        }

        /** The call goes to binding {@code id} (else {@link #BINDING}). */
        public Call binding(String id) {
            bindingId = id;
            return this;
        }

        /** Makes the binding throw {@code e} for this call, as MPI's error would be. */
        public Call fails(RuntimeException e) {
            failure = e;
            return this;
        }

        /**
         * Makes {@link #bytes()} throw {@code e}, as a tool's own fault while describing the call
         * would (the binding's call itself succeeds).
         */
        public Call bytesFail(RuntimeException e) {
            bytesFailure = e;
            return this;
        }

        /** The request the call takes or created, and what the binding returned. */
        public Call returned(@Nullable Object req, @Nullable Object res) {
            request = req;
            result = res;
            return this;
        }

        /** The return type of the binding method the call stands for. */
        public Call resultType(Class<?> type) {
            resultType = type;
            return this;
        }

        @Override
        public Class<?> resultType() {
            return resultType;
        }

        @Override
        public MpiFunction function() {
            return function;
        }

        @Override
        public CallingAddress callingAddress() {
            return site;
        }

        @Override
        public String binding() {
            return bindingId;
        }

        @Override
        public @Nullable Object receiver() {
            return communicator;
        }

        @Override
        public int argumentCount() {
            return args.length;
        }

        @Override
        public @Nullable Object argument(int i) {
            return args[i];
        }

        @Override
        public @Nullable Object argument(ArgumentRole role) {
            if (roles.containsKey(role)) {
                return roles.get(role);
            }
            switch (role) {
                case COMMUNICATOR:
                    return communicator;
                case DATATYPE:
                    return datatype;
                case BUFFER:
                    return buffer;
                default:
                    return null;
            }
        }

        @Override
        public @Nullable Object communicator() {
            return communicator;
        }

        @Override
        public @Nullable Object buffer() {
            return buffer;
        }

        @Override
        public int count() {
            return count;
        }

        @Override
        public @Nullable Object datatype() {
            return datatype;
        }

        @Override
        public int peer() {
            return peer;
        }

        @Override
        public int tag() {
            return tag;
        }

        @Override
        public long bytes() {
            if (bytesFailure != null) {
                throw bytesFailure;
            }
            return bytes;
        }

        @Override
        public @Nullable Object request() {
            return request;
        }

        @Override
        public @Nullable Object result() {
            return result;
        }
    }
}
