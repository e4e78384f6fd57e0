package org.qmpi4j.agent.internal.chain;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;

/**
 * What a call goes to in the end: one binding method, seen from one place (an application call
 * site, or a tool calling a function by name). Knows how to run the method and how to size a
 * datatype of the binding.
 */
public interface CallTarget {
    MpiFunction function();

    MethodMapping mapping();

    CallingAddress callingAddress();

    MpiProcess process();

    /**
     * The binding method as {@code (Object[])Object}, the array holding the receiver first for
     * instance methods.
     */
    MethodHandle binding();

    /** Runs the binding method; {@code args} holds the receiver first for instance methods. */
    default Object invokeBinding(Object[] args) throws Throwable {
        return binding().invokeExact(args);
    }

    /**
     * The binding method's own type, the receiver first for instance methods; {@code null} when
     * unknown (then replaced arguments are not checked before the call).
     */
    default MethodType methodType() {
        return null;
    }

    /** The binding method's return type ({@code void.class} for none). */
    default Class<?> returnType() {
        MethodType t = methodType();
        return t == null ? Object.class : t.returnType();
    }

    /** Size in bytes of one element of {@code datatype}, by the binding's own method. */
    long datatypeSize(Object datatype);
}
