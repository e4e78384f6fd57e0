package org.qmpi4j.agent.internal.chain;

import java.lang.invoke.MethodType;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.agent.internal.binding.Role;
import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * The copies a tool makes of a call ({@code MpiCall.withArgument}, {@code withRole},
 * {@code withFunction}) and the checks that what a tool passes fits the binding method: a copy
 * stands for the same application call (its root), so MPI still runs at most once. Apart from
 * {@link CallContext} because no call that a tool leaves unchanged ever runs any of it.
 */
final class CallChanges {
    private CallChanges() {}

    static MpiCall withArgument(CallContext call, int index, @Nullable Object value) {
        if (index < 0 || index >= call.argumentCount()) {
            throw new IndexOutOfBoundsException(
                    call.function() + " has no argument " + index + " (it has " + call.argumentCount() + ")");
        }
        return replaced(call, index + call.offset(), "argument " + index, value);
    }

    static MpiCall withRole(CallContext call, ArgumentRole role, @Nullable Object value) {
        CallTarget target = call.target;
        if (role == null) {
            throw new IllegalArgumentException("role must not be null");
        }
        Role r = Role.valueOf(role == ArgumentRole.COMMUNICATOR ? "COMM" : role.name());
        int at = target.mapping().role(r);
        String name = role.name().toLowerCase(java.util.Locale.ROOT);
        if (at == MethodMapping.NONE) {
            throw new IllegalArgumentException(call.function() + " ("
                    + target.mapping().bindingDescriptor().id() + ") has no " + name + " argument");
        }
        if (at == MethodMapping.RETURN) {
            throw new IllegalArgumentException(
                    call.function() + " returns its " + name + "; it takes none that could be replaced");
        }
        if (at == MethodMapping.RECEIVER) {
            return replaced(call, 0, name + " (the receiver)", value);
        }
        return replaced(call, at + call.offset(), "argument " + at + " (" + name + ")", value);
    }

    private static CallContext replaced(CallContext call, int at, String what, @Nullable Object value) {
        MethodType type = call.target.methodType();
        if (type != null && !fits(type.parameterType(at), value)) {
            throw new IllegalArgumentException(call.function() + ": " + what + " must be "
                    + type.parameterType(at).getName() + ", not " + describe(value));
        }
        Object[] copy = call.args.clone();
        copy[at] = value;
        return new CallContext(call.target, copy, call.root());
    }

    static MpiCall withFunction(CallContext call, MpiFunction function) {
        if (function == null) {
            throw new IllegalArgumentException("function must not be null");
        }
        CallTarget target = call.target;
        CallTarget other =
                function == target.function() ? target : target.process().canonical(function, target.callingAddress());
        return new CallContext(other, checked(other, call.args), call.root());
    }

    static MpiCall withFunction(
            CallContext call, MpiFunction function, @Nullable Object receiver, Object... arguments) {
        if (function == null) {
            throw new IllegalArgumentException("function must not be null");
        }
        CallTarget target = call.target;
        CallTarget other = target.process().canonical(function, target.callingAddress());
        return new CallContext(other, checked(other, pack(other, receiver, arguments)), call.root());
    }

    /** {@code arguments} if they fit {@code other}'s method, else the reason why not. */
    private static Object[] checked(CallTarget other, Object[] arguments) {
        MethodType type = other.methodType();
        if (type == null) {
            return arguments;
        }
        if (type.parameterCount() != arguments.length) {
            throw new IllegalArgumentException(
                    other.function() + " (" + other.mapping().name() + ") takes " + type.parameterCount()
                            + " values with the receiver, not " + arguments.length);
        }
        int offset = other.mapping().isStatic() ? 0 : 1;
        for (int i = 0; i < arguments.length; i++) {
            if (!fits(type.parameterType(i), arguments[i])) {
                throw new IllegalArgumentException(other.function() + ": "
                        + (i < offset ? "the receiver" : "argument " + (i - offset)) + " must be "
                        + type.parameterType(i).getName() + ", not " + describe(arguments[i]));
            }
        }
        return arguments;
    }

    /** The receiver (for instance methods) and the arguments as one array. */
    static Object[] pack(CallTarget target, @Nullable Object receiver, Object[] args) {
        boolean isStatic = target.mapping().isStatic();
        return packInto(new Object[(isStatic ? 0 : 1) + (args == null ? 0 : args.length)], target, receiver, args);
    }

    private static final int REUSED_MAX = 16;

    /** Reused per thread by {@link #packReused}, one array per length up to {@link #REUSED_MAX}. */
    private static final ThreadLocal<Object[][]> REUSED = ThreadLocal.withInitial(() -> new Object[REUSED_MAX + 1][]);

    /**
     * As {@link #pack}, into this thread's array of that length, for a call that only hands it to
     * the binding's handle (which spreads it into the call's own arguments before the method runs,
     * so a nested call on this thread may take the same array): the caller clears it after the call
     * ({@link #clear}) so that it keeps no buffer alive.
     */
    static Object[] packReused(CallTarget target, @Nullable Object receiver, Object[] args) {
        int length = (target.mapping().isStatic() ? 0 : 1) + (args == null ? 0 : args.length);
        if (length > REUSED_MAX) {
            return pack(target, receiver, args);
        }
        Object[][] reused = REUSED.get();
        Object[] packed = reused[length];
        if (packed == null) {
            packed = new Object[length];
            reused[length] = packed;
        }
        return packInto(packed, target, receiver, args);
    }

    /** Drops the references a reused array held for a call. */
    static void clear(Object[] packed) {
        java.util.Arrays.fill(packed, null);
    }

    private static Object[] packInto(Object[] packed, CallTarget target, @Nullable Object receiver, Object[] args) {
        boolean isStatic = target.mapping().isStatic();
        if (!isStatic) {
            if (receiver == null) {
                throw new IllegalArgumentException(
                        target.function() + " is an instance method of the binding: pass its receiver");
            }
            packed[0] = receiver;
        }
        if (args != null) {
            System.arraycopy(args, 0, packed, isStatic ? 0 : 1, args.length);
        }
        return packed;
    }

    /** Whether {@code error} is the binding's own exception, with which a tool may fail a call of {@code target}. */
    static boolean isBindingException(CallTarget target, Exception error) {
        String[] ctor = target.mapping().bindingDescriptor().exceptionConstructor();
        if (ctor == null) {
            return false;
        }
        String name = ctor[0].replace('/', '.');
        for (Class<?> c = error.getClass(); c != null; c = c.getSuperclass()) {
            if (c.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code value} can be passed where {@code type} is expected (boxed for primitives). */
    static boolean fits(Class<?> type, @Nullable Object value) {
        if (!type.isPrimitive()) {
            return value == null || type.isInstance(value);
        }
        return value != null && MethodType.methodType(type).wrap().returnType().isInstance(value);
    }

    static String describe(@Nullable Object value) {
        return value == null ? "null" : value.getClass().getName();
    }
}
