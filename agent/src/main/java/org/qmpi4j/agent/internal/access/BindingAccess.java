package org.qmpi4j.agent.internal.access;

import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * What the chain needs from one process's copy of the binding, beyond the call sites themselves.
 * Made before the process, from the binding's descriptor and class loader alone.
 */
public interface BindingAccess {
    /** Size in bytes of one element of {@code datatype}. */
    long datatypeSize(Object datatype);

    /**
     * The binding method that stands for {@code function} when a tool or the agent calls it by
     * name ({@code chain.MpiProcess.canonical} adds the process), for a call made at {@code where}.
     *
     * @throws UnsupportedOperationException if the binding has none
     */
    BindingMethod canonical(MpiFunction function, @Nullable CallingAddress where);

    /** A public static constant of the binding's constants class, e.g. {@code COMM_WORLD}. */
    Object constant(String name);

    /**
     * A new exception of the binding's type for an MPI error of class {@code errorClass} (see
     * {@code Qmpi.bindingException}).
     *
     * @throws UnsupportedOperationException if the descriptor names no exception
     */
    default Exception newException(int errorClass, String message) {
        throw new UnsupportedOperationException("the binding's descriptor names no exception");
    }

    /**
     * Whether {@code request} is the binding's null request (complete and freed), or {@code null}
     * if the descriptor does not say how to tell.
     */
    default @Nullable Boolean requestIsNull(Object request) {
        return null;
    }
}
