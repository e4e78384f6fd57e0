package org.qmpi4j.agent.internal.link;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MutableCallSite;
import org.qmpi4j.agent.internal.access.BindingHandles;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.agent.internal.chain.CallRoute;
import org.qmpi4j.agent.internal.chain.CallSites;
import org.qmpi4j.agent.internal.chain.CallTarget;
import org.qmpi4j.agent.internal.chain.MpiProcess;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * One rewritten application call site. Its {@link MutableCallSite} points either straight at the
 * binding method (no tool intercepts the function, tools not initialised yet, or Pcontrol level
 * 0: the JIT then compiles the plain call) or at the chain.
 */
final class SiteLink implements CallTarget, CallSites.Relinkable {
    private final MethodMapping mapping;
    private final CallingAddress address;
    private final MpiProcesses.Parts process;
    private final MethodHandle original;
    /**
     * {@code (Object[])Object}, made on first use: only calls through the agent need it, and each
     * shape of it spins method-handle adapters, a cost a short job should not pay for sites that
     * stay direct. Racing first uses make equal handles; a handle's fields are final, so the
     * unsynchronised publication is safe.
     */
    private @Nullable MethodHandle spreadBinding;

    private final MutableCallSite site;
    private final MethodHandle direct;
    /** Made on first use (most sites never need them): untimed and timed calls through the agent. */
    private @Nullable MethodHandle viaChain;

    private @Nullable MethodHandle viaChainTimed;
    private final java.lang.invoke.MethodType siteType;

    SiteLink(
            MethodMapping mapping,
            CallingAddress address,
            MpiProcesses.Parts process,
            MethodHandle original,
            java.lang.invoke.MethodType siteType) {
        this.mapping = mapping;
        this.address = address;
        this.process = process;
        this.original = original;
        this.siteType = siteType;
        this.direct = original.asType(siteType);
        // made with its first target: MutableCallSite(MethodType) would build a throwing
        // placeholder target first, itself a chain of adapters
        this.site = new MutableCallSite(target());
    }

    /** Sets the spread binding made otherwise (generated code rather than {@code asSpreader}). */
    void spreadWith(MethodHandle spread) {
        spreadBinding = spread;
    }

    /** The call site this link points, for the linker to return. */
    MutableCallSite site() {
        return site;
    }

    /**
     * The site's arguments collected into an array, the call's context made of the binding
     * method's own class around them, then the chain: the JIT sees, from the site on, which class
     * the call is, and so which binding method it ends in.
     */
    private MethodHandle viaChain(boolean timed) {
        MethodHandle made = timed ? viaChainTimed : viaChain;
        if (made == null) {
            MethodHandle factory = process.sites.contextFactory(mapping.id(), original.type(), bindingHandle(), timed);
            MethodHandle makeCall = MethodHandles.insertArguments(factory, 0, this);
            made = MethodHandles.filterArguments(process.route.dispatchHandle(), 0, makeCall)
                    .asCollector(Object[].class, siteType.parameterCount())
                    .asType(siteType);
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
        site.setTarget(target());
        return site;
    }

    private MethodHandle target() {
        MpiFunction f = mapping.function();
        CallRoute route = process.route;
        return route.routesThroughAgent(f) ? viaChain(route.timesCalls(f)) : direct;
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
        return process.process;
    }

    @Override
    public CallRoute route() {
        return process.route;
    }

    @Override
    public MethodHandle bindingHandle() {
        MethodHandle h = spreadBinding;
        if (h == null) {
            h = BindingHandles.spread(original);
            spreadBinding = h;
        }
        return h;
    }

    @Override
    public java.lang.invoke.MethodType methodType() {
        return original.type();
    }

    @Override
    public long datatypeSize(Object datatype) {
        return process.access.datatypeSize(datatype);
    }
}
