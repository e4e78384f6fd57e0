package org.qmpi4j.agent.internal.chain;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import org.qmpi4j.agent.internal.access.BindingMethod;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/** A binding method a tool or the agent calls by function name, in one process, for one calling address. */
final class CanonicalTarget implements CallTarget {
    private final MpiProcess process;
    private final CallRoute route;
    private final BindingMethod method;
    private final CallingAddress where;

    CanonicalTarget(MpiProcess process, CallRoute route, BindingMethod method, CallingAddress where) {
        this.process = process;
        this.route = route;
        this.method = method;
        this.where = where;
    }

    @Override
    public MethodMapping mapping() {
        return method.mapping();
    }

    @Override
    public MethodHandle bindingHandle() {
        return method.bindingHandle();
    }

    @Override
    public Object callBinding(Object[] args) throws Throwable {
        return method.callBinding(args);
    }

    @Override
    public @Nullable MethodType methodType() {
        return method.methodType();
    }

    @Override
    public MpiFunction function() {
        return method.mapping().function();
    }

    @Override
    public CallingAddress callingAddress() {
        return where;
    }

    @Override
    public MpiProcess process() {
        return process;
    }

    @Override
    public CallRoute route() {
        return route;
    }

    @Override
    public long datatypeSize(Object datatype) {
        return process.access().datatypeSize(datatype);
    }
}
