package org.qmpi4j.agent.internal.chain;

import java.util.Objects;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.agent.internal.binding.Role;
import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.QmpiContext;

/**
 * One intercepted call: its site, its arguments and whether the binding has run. It is both the
 * QMPI context and the {@link MpiCall} tools see, so an intercepted call costs one object plus its
 * argument array.
 *
 * <p>A tool that changes the call gets a copy ({@link #withArgument}, {@link #withFunction}, ...)
 * that stands for the same application call: the copy's {@link #root} is the application's call,
 * and the state that makes MPI run at most once (reached, completed, failed, the outcome, the two
 * instants) lives there only. Tools that change nothing never make a copy.
 *
 * <p>The binding runs at most once per application call; if the chain never reaches it (a faulty
 * tool) the agent runs it.
 *
 * <p>One class on purpose, and longer than most for it: being both interfaces in one object is
 * what keeps an intercepted call at one allocation, so it carries every method of both. What can
 * live apart does: the copies a tool makes and their checks are {@link CallChanges}', and the
 * entry and exit instants of a timed call are {@link TimedCallContext}'s.
 */
public class CallContext implements MpiCall, QmpiContext {
    // Kept small: three references, the state bits, the outcome and the cached byte count.
    // Pass-through tools must not pay for the ability to change calls.
    private static final byte CALLED = 1; // the binding ran
    private static final byte FAILED = 2; // ... and threw: outcome is its exception
    private static final byte COMPLETED = 4; // a tool completed the call on purpose: outcome is its result
    private static final byte TOOL_FAILED = 8; // a tool failed the call on purpose: outcome is its exception

    final CallTarget target;
    final Object[] args; // receiver first for instance methods
    /** The application's call a tool copied, or {@code null} for the application's call itself. */
    private final @Nullable CallContext origin;

    // ---- state of the application's call: read and written on root() only ----
    private byte state;
    /** What the binding returned or threw, or what a tool completed or failed the call with; see the bits. */
    private @Nullable Object outcome;

    private long bytes = -1;

    CallContext(CallTarget target, Object[] args) {
        this.target = target;
        this.args = args;
        this.origin = null;
    }

    /** A tool's changed copy of {@code root}, the application's call ({@link CallChanges}). */
    CallContext(CallTarget target, Object[] args, CallContext root) {
        this.target = target;
        this.args = args;
        this.origin = root;
    }

    /** The application's call this one stands for: itself, or the call a tool copied. */
    CallContext root() {
        CallContext o = origin;
        return o == null ? this : o;
    }

    // ---- the binding ----------------------------------------------------------------------

    /**
     * The step after the last tool: runs the binding method for this application call, at most
     * once (a second time is the chain's fault and fails), and keeps how it ended.
     */
    Object reachBinding() throws Exception {
        CallContext r = root();
        if (r.state != 0) {
            throw new IllegalStateException("the chain reached MPI twice for one " + r.target.function() + " call");
        }
        r.state = CALLED;
        try {
            Object returned = callBinding(args);
            r.outcome = returned;
            return returned;
        } catch (Throwable t) {
            r.outcome = t;
            r.state = CALLED | FAILED;
            throw rethrow(t);
        } finally {
            r.stopClock();
        }
    }

    /**
     * Runs the binding method. A call site's own context class ({@code jit.CallContextClasses}) overrides this
     * with a call through a constant method handle, which the JIT inlines: that lets escape
     * analysis remove the context and its argument array.
     */
    Object callBinding(Object[] arguments) throws Throwable {
        return target.callBinding(arguments);
    }

    /** The way the call's process takes calls: for a copy that changed the function ({@link NextFunction}). */
    CallRoute route() {
        return target.route();
    }

    /** Reads the entry instant, on a call that takes times ({@link TimedCallContext}); nothing otherwise. */
    void startClock() {}

    /**
     * Reads the exit instant once, on a call that takes times ({@link TimedCallContext}); nothing
     * otherwise.
     *
     * <p>A type test, not an override: {@link #reachBinding} calls this on the path where the binding
     * throws, for which the JIT has no receiver profile. A virtual call left there takes the call
     * object as its receiver, and escape analysis, which does not look at which paths run, then
     * allocates the object and its argument array on every call. That path is compiled whenever
     * something under the binding call is not inlined (a native MPI method; in a deep chain, the
     * boxing of the result), so an override would cost the allocation exactly there.
     */
    final void stopClock() {
        if (this instanceof TimedCallContext) {
            TimedCallContext timed = (TimedCallContext) this;
            if (timed.exit == NO_TIME) {
                timed.exit = System.nanoTime();
            }
        }
    }

    /** The entry instant of a call that takes times, else {@link #NO_TIME}. */
    long entryTime() {
        return NO_TIME;
    }

    /** The exit instant of a call that takes times, else {@link #NO_TIME}. */
    long exitTime() {
        return NO_TIME;
    }

    /** Whether the call went on: reached MPI, or was completed or failed on purpose by a tool. */
    boolean continued() {
        return root().state != 0;
    }

    /** Whether {@code t} is what the call ends with: the exception MPI threw, or the one a tool failed it with. */
    boolean isOutcome(Throwable t) {
        CallContext r = root();
        return r.endsInException() && t == r.outcome;
    }

    /** Whether the call ends in an exception: MPI's own, or one a tool failed it with. */
    private boolean endsInException() {
        return (state & (FAILED | TOOL_FAILED)) != 0;
    }

    /**
     * Whether a handler may return {@code returned} for this call: what MPI returned (the usual
     * case, one comparison), anything while the call ends in an exception anyway, or a value of the
     * binding method's return type.
     */
    boolean accepts(@Nullable Object returned) {
        CallContext r = root();
        if (returned == r.outcome || r.endsInException()) {
            return true;
        }
        Class<?> type = target.returnType();
        return type == void.class || CallChanges.fits(type, returned);
    }

    /** After a fault of a tool or the agent: run the binding if nothing has, else give back how the call ended. */
    @Nullable
    Object completeAfterFault() throws Exception {
        CallContext r = root();
        if (r.state == 0) {
            return reachBinding();
        }
        if (r.endsInException()) {
            throw rethrow((Throwable) Objects.requireNonNull(r.outcome, "an exception ends it"));
        }
        return r.outcome;
    }

    /**
     * Ends the call for the application: MPI's exception if it threw one (even if a tool swallowed
     * it) or the one a tool failed it with, else MPI's result.
     */
    @Nullable
    Object finish() throws Throwable {
        return finish(root().outcome);
    }

    /** As {@link #finish()}, but with the value the chain returned (a tool may have substituted it). */
    @Nullable
    Object finish(@Nullable Object returned) throws Throwable {
        CallContext r = root();
        if (r.endsInException()) {
            throw (Throwable) r.outcome;
        }
        return returned;
    }

    /** Throws {@code t} unchecked; the declared return type lets callers write {@code throw rethrow(t)}. */
    @SuppressWarnings("NullAway") // never returns: sneaky() throws t, so the null is never seen
    static RuntimeException rethrow(Throwable t) {
        CallContext.<RuntimeException>sneaky(t);
        return null;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneaky(Throwable t) throws T {
        throw (T) t;
    }

    // ---- MpiCall ----------------------------------------------------------------------------

    @Override
    public MpiFunction function() {
        return target.function();
    }

    @Override
    public CallingAddress callingAddress() {
        return target.callingAddress();
    }

    @Override
    public String bindingId() {
        return target.mapping().bindingDescriptor().id();
    }

    @Deprecated
    @Override
    public String binding() {
        return bindingId();
    }

    @Override
    public @Nullable Object receiver() {
        return target.mapping().isStatic() ? null : args[0];
    }

    @Override
    public int argumentCount() {
        return args.length - offset();
    }

    @Override
    public Object argument(int i) {
        if (i < 0 || i >= argumentCount()) {
            throw new IndexOutOfBoundsException("argument " + i + " of " + argumentCount());
        }
        return slot(i + offset());
    }

    /** The agent's role of each API role, by the API role's ordinal (the same names, but the communicator's). */
    private static final Role[] ROLES = new Role[ArgumentRole.values().length];

    static {
        for (ArgumentRole r : ArgumentRole.values()) {
            ROLES[r.ordinal()] = Role.valueOf(r == ArgumentRole.COMMUNICATOR ? "COMM" : r.name());
        }
    }

    @Override
    public @Nullable Object argument(ArgumentRole role) {
        return role(ROLES[role.ordinal()]);
    }

    @Override
    public @Nullable Object communicator() {
        return role(Role.COMM);
    }

    @Override
    public @Nullable Object buffer() {
        return role(Role.BUFFER);
    }

    @Override
    public int count() {
        return intRole(Role.COUNT);
    }

    @Override
    public @Nullable Object datatype() {
        return role(Role.DATATYPE);
    }

    @Override
    public int peer() {
        return intRole(Role.PEER);
    }

    @Override
    public int tag() {
        return intRole(Role.TAG);
    }

    @Override
    public @Nullable Object request() {
        return role(Role.REQUEST);
    }

    @Override
    public @Nullable Object result() {
        CallContext r = root();
        return r.endsInException() ? null : r.outcome;
    }

    @Override
    public Class<?> resultType() {
        return target.returnType();
    }

    @Override
    public long bytes() {
        long b = bytes;
        if (b < 0) {
            int count = count();
            Object type = datatype();
            b = count == ABSENT || count <= 0 || type == null ? 0 : (long) count * target.datatypeSize(type);
            bytes = b;
        }
        return b;
    }

    /** A copy reads its application's call's instants; an untimed call has none. */
    @Override
    public long entryNanos() {
        return root().entryTime();
    }

    @Override
    public long exitNanos() {
        return root().exitTime();
    }

    // ---- changing the call: copies made and checked by CallChanges ---------------------------

    @Override
    public MpiCall withArgument(int index, @Nullable Object value) {
        return CallChanges.withArgument(this, index, value);
    }

    @Override
    public MpiCall withRole(ArgumentRole role, @Nullable Object value) {
        return CallChanges.withRole(this, role, value);
    }

    @Override
    public MpiCall withFunction(MpiFunction function) {
        return CallChanges.withFunction(this, function);
    }

    @Override
    public MpiCall withFunction(MpiFunction function, @Nullable Object receiver, Object... arguments) {
        return CallChanges.withFunction(this, function, receiver, arguments);
    }

    @Override
    public @Nullable Object complete(@Nullable Object result) {
        CallContext r = root();
        if (r.state != 0) {
            throw new IllegalStateException(
                    function() + " has already " + ((r.state & CALLED) != 0 ? "reached MPI" : "been completed"));
        }
        Class<?> type = target.returnType();
        if (type != void.class && !CallChanges.fits(type, result)) {
            throw new IllegalArgumentException(
                    function() + ": the result must be " + type.getName() + ", not " + CallChanges.describe(result));
        }
        r.state = COMPLETED;
        r.outcome = result;
        r.stopClock();
        return result;
    }

    @Override
    public Exception fail(Exception error) {
        if (error == null) {
            throw new IllegalArgumentException("error must not be null");
        }
        if (!(error instanceof RuntimeException) && !CallChanges.isBindingException(target, error)) {
            throw new IllegalArgumentException(function() + " can only fail with a RuntimeException or the binding's"
                    + " own exception (Qmpi.bindingException), not "
                    + error.getClass().getName());
        }
        CallContext r = root();
        r.state |= TOOL_FAILED;
        r.outcome = error;
        r.stopClock();
        return error;
    }

    int offset() {
        return target.mapping().isStatic() ? 0 : 1;
    }

    private @Nullable Object role(Role r) {
        int at = target.mapping().role(r);
        if (at == MethodMapping.NONE) {
            return null;
        }
        if (at == MethodMapping.RECEIVER) {
            return args[0];
        }
        if (at == MethodMapping.RETURN) {
            return result();
        }
        return slot(at + offset());
    }

    /**
     * {@code args[i]}, read with a constant index on every path that runs. Escape analysis removes
     * an array only if every access to it has a constant index; the index of a role comes from the
     * method's mapping, which the JIT does not treat as a constant, so {@code args[i]} would keep
     * the argument array of every call whose arguments a tool reads. Each case reads a constant
     * slot; the last is for the longest binding methods only.
     */
    private Object slot(int i) {
        Object[] a = args;
        switch (i) {
            case 0:
                return a[0];
            case 1:
                return a[1];
            case 2:
                return a[2];
            case 3:
                return a[3];
            case 4:
                return a[4];
            case 5:
                return a[5];
            case 6:
                return a[6];
            case 7:
                return a[7];
            case 8:
                return a[8];
            case 9:
                return a[9];
            case 10:
                return a[10];
            case 11:
                return a[11];
            default:
                return a[i];
        }
    }

    private int intRole(Role r) {
        Object v = role(r);
        return v instanceof Integer ? (Integer) v : ABSENT;
    }

    @Override
    public String toString() {
        return target.function() + " at " + target.callingAddress();
    }
}
