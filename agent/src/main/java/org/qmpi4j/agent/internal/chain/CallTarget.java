package org.qmpi4j.agent.internal.chain;

import java.lang.invoke.MethodType;
import org.qmpi4j.agent.internal.access.BindingMethod;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;

/**
 * What a call goes to in the end: one binding method of one MPI process, seen from one place (an
 * application call site, or a tool calling a function by name). Knows how to size a datatype of
 * the binding.
 */
public interface CallTarget extends BindingMethod {
    MpiFunction function();

    CallingAddress callingAddress();

    /** The process whose binding method this is: what a tool's changed call or an entry site needs of it. */
    MpiProcess process();

    /**
     * The way the process's calls take, for the calls that are not bound to it when linked: entry
     * sites ({@link Dispatcher}) and a tool's copy that changed the function.
     */
    CallRoute route();

    /** The binding method's return type ({@code void.class} for none). */
    default Class<?> returnType() {
        MethodType t = methodType();
        return t == null ? Object.class : t.returnType();
    }

    /** Size in bytes of one element of {@code datatype}, by the binding's own method. */
    long datatypeSize(Object datatype);
}
