package org.qmpi4j.agent.internal.chain;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Supplier;
import org.qmpi4j.agent.internal.access.BindingAccess;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.config.ProcessSettings;
import org.qmpi4j.agent.internal.telemetry.CallObserver;
import org.qmpi4j.agent.internal.telemetry.ObservedProcess;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.mpit.MpiT;

/**
 * One MPI process as the agent sees it: its tool chain, its Pcontrol level and the call sites linked
 * for it. Usually one per JVM; MPJ Express' multicore mode runs one per rank in a JVM, each with its
 * own copy of the binding's classes, which is how processes are told apart.
 */
public final class MpiProcess implements ObservedProcess {
    /** A linked call site that can be pointed at the chain or straight at the binding. */
    public interface Relinkable {
        /** Re-reads {@link #routesThroughTools} and sets the target; returns the site to sync. */
        MutableCallSite relink();

        /**
         * Drops the targets made so far, so that the next {@link #relink} sets new ones: compiled
         * code that depends on a site is thrown away only when its target really changes.
         */
        default void forgetTargets() {}
    }

    private final BindingDescriptor bindingDescriptor;
    private final ClassLoader bindingLoader;
    private final BindingAccess access;
    private final ToolRegistry registry;
    private final ToolFaults faults;
    private final CallObserver observer;
    private final Supplier<MpiT> mpit;
    private final ProcessSettings settings;
    private final Specialisation specialisation;

    private final List<Relinkable> sites = new CopyOnWriteArrayList<>();
    private volatile Chain chain = Chain.empty();
    private volatile boolean toolsInitialized;
    private volatile int pcontrolLevel = 1;
    /** {@code toolsInitialized && pcontrolLevel != 0}, kept in one field for the call path. */
    private volatile boolean toolsActive;

    private final java.util.concurrent.ConcurrentHashMap<List<Object>, MethodHandle> contextFactories =
            new java.util.concurrent.ConcurrentHashMap<>();

    private volatile boolean finalized;
    private volatile boolean callTimes;

    /**
     * Assembled in one place, {@code link.MpiProcesses}, from finished parts (tests:
     * {@code MpiProcessBuilder} in test code).
     *
     * @param bindingDescriptor the binding's descriptor
     * @param bindingLoader     the loader of this process's copy of the binding
     * @param access            this process's access to its binding's methods by function name
     * @param registry          the tools registered in this JVM, from which the chain is built
     * @param faults            where a tool's failures are counted and reported once
     * @param observer          the agent's measurements for this process (MPI_T)
     * @param mpit              this process's MPI_T registry (asked for only when MPI_T is used)
     * @param settings          the tool list and output directory, changeable through MPI_T until used
     * @param specialisation    the classes made for the JIT ({@link Specialisation#GENERIC}: none)
     */
    public MpiProcess(
            BindingDescriptor bindingDescriptor,
            ClassLoader bindingLoader,
            BindingAccess access,
            ToolRegistry registry,
            ToolFaults faults,
            CallObserver observer,
            Supplier<MpiT> mpit,
            ProcessSettings settings,
            Specialisation specialisation) {
        this.bindingDescriptor = bindingDescriptor;
        this.bindingLoader = bindingLoader;
        this.access = access;
        this.registry = registry;
        this.faults = faults;
        this.observer = observer;
        this.mpit = mpit;
        this.settings = settings;
        this.specialisation = specialisation;
    }

    /** The agent's measurements of this process, as the chain reaches them. */
    public CallObserver observer() {
        return observer;
    }

    Specialisation specialisation() {
        return specialisation;
    }

    /** This process's MPI_T, as tools see it through the API; made on first use. */
    public MpiT mpit() {
        return mpit.get();
    }

    public ProcessSettings settings() {
        return settings;
    }

    @Override
    public BindingDescriptor bindingDescriptor() {
        return bindingDescriptor;
    }

    @Override
    public ClassLoader bindingLoader() {
        return bindingLoader;
    }

    public ToolFaults faults() {
        return faults;
    }

    public BindingAccess access() {
        BindingAccess a = access;
        if (a == null) {
            throw new IllegalStateException("this MPI process has no access to its binding by function name");
        }
        return a;
    }

    /**
     * The binding method that stands for {@code function} when a tool or the agent calls it by
     * name, as a call of this process made at {@code where}.
     *
     * @throws UnsupportedOperationException if the binding has none
     */
    public CallTarget canonical(MpiFunction function, CallingAddress where) {
        return new CanonicalTarget(this, access().canonical(function, where), where);
    }

    public Chain chain() {
        return chain;
    }

    @Override
    public boolean toolsInitialized() {
        return toolsInitialized;
    }

    @Override
    public int pcontrolLevel() {
        return pcontrolLevel;
    }

    /** Whether calls of {@code f} go through tools now (initialised, not switched off by Pcontrol 0, intercepted). */
    public boolean routesThroughTools(MpiFunction f) {
        return toolsInitialized && pcontrolLevel != 0 && chain.intercepts(f);
    }

    /**
     * Whether call sites of {@code f} must reach the agent: for tools, or for the agent's own MPI_T
     * measurements; otherwise they call the binding directly.
     */
    public boolean routesThroughAgent(MpiFunction f) {
        return routesThroughTools(f) || observer.observes(f);
    }

    /** Whether tools see calls now: initialised, and not switched off by {@code MPI_Pcontrol(0)}. */
    public boolean toolsActive() {
        return toolsActive;
    }

    /** Whether calls of {@code f} take entry and exit instants: asked for by a tool, or watched by MPI_T. */
    public boolean timesCalls(MpiFunction f) {
        return callTimes || observer.observes(f);
    }

    /** Whether some tool asked for each call's entry and exit instants ({@code Qmpi.requestCallTimes}). */
    public boolean callTimes() {
        return callTimes;
    }

    /** From {@code Qmpi.requestCallTimes}: the agent reads the clock at each call's entry and exit from now on. */
    public void requestCallTimes() {
        callTimes = true;
    }

    /** Whether the application's {@code MPI.Finalize} has returned. */
    @Override
    public boolean finalized() {
        return finalized;
    }

    public void markFinalized() {
        finalized = true;
    }

    public void register(Relinkable site) {
        sites.add(site);
    }

    /**
     * QMPI's initialisation phase: one instance per name in {@code toolNames}, in order, each
     * initialiser run once with a fresh id; then the chain is sealed and call sites relinked.
     * Runs once; later calls do nothing.
     *
     * @throws UnknownToolException if a name was never registered (nothing is initialised then)
     */
    public synchronized void initializeTools(List<String> toolNames, String source) {
        if (toolsInitialized) {
            return;
        }
        List<String> unknown = registry.unknown(toolNames);
        if (!unknown.isEmpty()) {
            throw new UnknownToolException(unknownMessage(unknown, source, registry.available()));
        }
        registry.close();
        List<ToolInstance> instances = new ArrayList<>();
        for (String name : toolNames) {
            ToolInstance inst = registry.newInstance(name, this, instances.size() + 1);
            instances.add(inst);
            inst.setInitializing(true);
            try {
                inst.initializer().initialize(inst.id());
            } catch (Throwable t) {
                inst.clearHandlers();
                faults.fault(inst, "its initialiser (left out of the chain)", t);
            } finally {
                inst.setInitializing(false);
            }
        }
        chain = new Chain(instances, specialisation);
        if (chain.interceptsAny()) {
            specialisation.toolsIntercept(this);
        }
        toolsInitialized = true;
        toolsActive = pcontrolLevel != 0;
        relinkAll();
    }

    /** Sets the level kept for {@code MPI_Pcontrol}; switching to or from 0 relinks every site. */
    @Override
    public void setPcontrolLevel(int level) {
        int old;
        synchronized (this) {
            old = pcontrolLevel;
            pcontrolLevel = level;
            toolsActive = toolsInitialized && level != 0;
            if ((old == 0) != (level == 0)) {
                relinkAll();
            }
        }
        if (old != level) {
            observer.pcontrolChanged(old, level); // the MPI_T event, outside the process's lock
        }
    }

    /**
     * The context factory ({@link Specialisation#contextFactory}) for calls of binding method
     * {@code mappingId} made through a handle of type {@code siteMethod}, shared by every site of
     * this process that calls it that way.
     */
    public MethodHandle contextFactory(
            int mappingId, MethodType siteMethod, MethodHandle bindingHandle, boolean timed) {
        List<Object> key = List.of(mappingId, siteMethod, timed);
        MethodHandle f = contextFactories.get(key);
        if (f == null) {
            f = contextFactories.computeIfAbsent(key, new NewContextFactory(specialisation, bindingHandle, timed));
        }
        return f;
    }

    /** A named class rather than a lambda: nothing on the start path spins lambda classes. */
    private static final class NewContextFactory implements Function<List<Object>, MethodHandle> {
        private final Specialisation specialisation;
        private final MethodHandle bindingHandle;
        private final boolean timed;

        NewContextFactory(Specialisation specialisation, MethodHandle bindingHandle, boolean timed) {
            this.specialisation = specialisation;
            this.bindingHandle = bindingHandle;
            this.timed = timed;
        }

        @Override
        public MethodHandle apply(List<Object> key) {
            return specialisation.contextFactory(bindingHandle, timed);
        }
    }

    /** Relinks every site to new targets, so that code compiled for them is compiled again. */
    public synchronized void recompileSites() {
        for (Relinkable s : sites) {
            s.forgetTargets();
        }
        relinkAll();
    }

    /** Points every call site at the chain or the binding again (the set of watched functions changed). */
    public synchronized void relinkAll() {
        List<MutableCallSite> changed = new ArrayList<>(sites.size());
        for (Relinkable s : sites) {
            changed.add(s.relink());
        }
        if (!changed.isEmpty()) {
            MutableCallSite.syncAll(changed.toArray(new MutableCallSite[0]));
        }
    }

    static String unknownMessage(List<String> unknown, String source, Map<String, String> available) {
        StringBuilder sb = new StringBuilder("qmpi4j: unknown tool");
        sb.append(unknown.size() > 1 ? "s " : " ");
        for (int i = 0; i < unknown.size(); i++) {
            sb.append(i > 0 ? ", " : "").append('\'').append(unknown.get(i)).append('\'');
        }
        sb.append(" in the tool list (").append(source).append("). Available tools:");
        if (available.isEmpty()) {
            sb.append(" none (put tool jars in the tool path: toolpath= / qmpi4j.toolpath / QMPI4J_TOOLPATH)");
        }
        available.forEach((n, d) -> sb.append("\n  ").append(n).append(d.isEmpty() ? "" : "  " + d));
        return sb.toString();
    }
}
