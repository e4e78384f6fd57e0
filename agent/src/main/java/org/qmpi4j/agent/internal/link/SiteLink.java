package org.qmpi4j.agent.internal.link;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MutableCallSite;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.agent.internal.chain.CallTarget;
import org.qmpi4j.agent.internal.chain.Dispatcher;
import org.qmpi4j.agent.internal.chain.MpiProcess;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;

/**
 * One rewritten application call site. Its {@link MutableCallSite} points either straight at the
 * binding method (no tool intercepts the function, tools not initialised yet, or Pcontrol level
 * 0: the JIT then compiles the plain call) or at the chain.
 */
final class SiteLink implements CallTarget, MpiProcess.Relinkable {
    private final MethodMapping mapping;
    private final CallingAddress address;
    private final MpiProcess process;
    private final MethodHandle spreadBinding; // (Object[])Object
    private final MutableCallSite site;
    private final MethodHandle direct;
    /** Made on first use (most sites never need them): untimed and timed calls through the agent. */
    private MethodHandle viaChain;

    private MethodHandle viaChainTimed;
    private final java.lang.invoke.MethodType methodType;

    SiteLink(
            MethodMapping mapping,
            CallingAddress address,
            MpiProcess process,
            MethodHandle original,
            MutableCallSite site) {
        this.mapping = mapping;
        this.address = address;
        this.process = process;
        this.site = site;
        this.direct = original.asType(site.type());
        this.methodType = original.type();
        this.spreadBinding = Handles.spread(original);
    }

    /**
     * The site's arguments collected into an array, the call's context made of the binding
     * method's own class around them, then the chain: the JIT sees, from the site on, which class
     * the call is, and so which binding method it ends in.
     */
    private MethodHandle viaChain(boolean timed) {
        MethodHandle made = timed ? viaChainTimed : viaChain;
        if (made == null) {
            MethodHandle factory = process.boundCalls(mapping.id(), methodType, spreadBinding, timed);
            MethodHandle makeCall = MethodHandles.insertArguments(factory, 0, this);
            made = MethodHandles.filterArguments(Dispatcher.DISPATCH_CALL, 0, makeCall)
                    .asCollector(Object[].class, site.type().parameterCount())
                    .asType(site.type());
            if (timed) {
                viaChainTimed = made;
            } else {
                viaChain = made;
            }
        }
        return made;
    }

    @Override
    public void forgetTargets() {
        viaChain = null;
        viaChainTimed = null;
    }

    /** Racing first links may each make the same handle once; either is right. */
    @Override
    public MutableCallSite relink() {
        MpiFunction f = mapping.function();
        site.setTarget(process.routesThroughAgent(f) ? viaChain(process.timesCalls(f)) : direct);
        return site;
    }

    @Override
    public MpiFunction function() {
        return mapping.function();
    }

    @Override
    public MethodMapping mapping() {
        return mapping;
    }

    @Override
    public CallingAddress callingAddress() {
        return address;
    }

    @Override
    public MpiProcess process() {
        return process;
    }

    @Override
    public MethodHandle binding() {
        return spreadBinding;
    }

    @Override
    public java.lang.invoke.MethodType methodType() {
        return methodType;
    }

    @Override
    public long datatypeSize(Object datatype) {
        return process.access().datatypeSize(datatype);
    }
}
