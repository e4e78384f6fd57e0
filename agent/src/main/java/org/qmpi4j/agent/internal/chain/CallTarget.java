package org.qmpi4j.agent.internal.chain;

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

    /** Runs the binding method; {@code args} holds the receiver first for instance methods. */
    Object invokeBinding(Object[] args) throws Throwable;

    /** Size in bytes of one element of {@code datatype}, by the binding's own method. */
    long datatypeSize(Object datatype);
}
