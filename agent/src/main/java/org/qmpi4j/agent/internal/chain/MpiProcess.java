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
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.config.ProcessSettings;
import org.qmpi4j.agent.internal.mpit.MpitRegistry;
import org.qmpi4j.agent.internal.telemetry.CallMonitor;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.settings.Settings;

/**
 * One MPI process as the agent sees it: its tool chain, its Pcontrol level and the call sites linked
 * for it. Usually one per JVM; MPJ Express' multicore mode runs one per rank in a JVM, each with its
 * own copy of the binding's classes, which is how processes are told apart.
 */
public final class MpiProcess {
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

    private final BindingDescriptor binding;
    private final ClassLoader bindingLoader;
    private final BindingAccess access;
    private final ToolRegistry registry;
    private final ToolFaults faults;
    private final CallMonitor monitor;
    private final Supplier<MpitRegistry> mpit;
    private final ProcessSettings settings;

    private final List<Relinkable> sites = new CopyOnWriteArrayList<>();
    private volatile Chain chain = Chain.empty();
    private volatile boolean toolsInitialized;
    private volatile int pcontrolLevel = 1;
    /** {@code toolsInitialized && pcontrolLevel != 0}, kept in one field for the call path. */
    private volatile boolean toolsActive;

    private final java.util.concurrent.ConcurrentHashMap<List<Object>, MethodHandle> boundCalls =
            new java.util.concurrent.ConcurrentHashMap<>();

    private volatile boolean finalized;
    private volatile boolean callTimes;

    /**
     * Built in one place, {@code link.MpiProcesses} (tests: {@code MpiProcessBuilder} in test code).
     *
     * @param binding       the binding's descriptor, and the loader of this process's copy of it
     * @param bindingAccess makes this process's access to its binding's methods; it is given the
     *                      process with binding, loader and faults set (it may keep the process, not
     *                      call it yet); {@code null} from it leaves the process without one
     * @param registry      the tools registered in this JVM, from which the chain is built
     * @param faults        where a tool's failures are counted and reported once
     * @param monitor       the agent's measurements for this process (MPI_T)
     * @param mpit          this process's MPI_T registry (asked for only when MPI_T is used)
     * @param settings      the tool list and output directory, changeable through MPI_T until used
     */
    public MpiProcess(
            BindingDescriptor binding,
            ClassLoader bindingLoader,
            Function<MpiProcess, BindingAccess> bindingAccess,
            ToolRegistry registry,
            ToolFaults faults,
            CallMonitor monitor,
            Supplier<MpitRegistry> mpit,
            ProcessSettings settings) {
        this.binding = binding;
        this.bindingLoader = bindingLoader;
        this.registry = registry;
        this.faults = faults;
        this.monitor = monitor;
        this.mpit = mpit;
        this.settings = settings;
        this.access = bindingAccess.apply(this); // last: everything it may read is set
    }

    public CallMonitor monitor() {
        return monitor;
    }

    public MpitRegistry mpit() {
        return mpit.get();
    }

    public ProcessSettings settings() {
        return settings;
    }

    public BindingDescriptor binding() {
        return binding;
    }

    public ClassLoader bindingLoader() {
        return bindingLoader;
    }

    public ToolFaults faults() {
        return faults;
    }

    public BindingAccess access() {
        BindingAccess a = access;
        if (a == null) {
            throw new IllegalStateException("binding access not attached to this MPI process");
        }
        return a;
    }

    public Chain chain() {
        return chain;
    }

    public boolean toolsInitialized() {
        return toolsInitialized;
    }

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
        return routesThroughTools(f) || monitor.observes(f);
    }

    /** Whether tools see calls now: initialised, and not switched off by {@code MPI_Pcontrol(0)}. */
    public boolean toolsActive() {
        return toolsActive;
    }

    /** Whether calls of {@code f} take entry and exit instants: asked for by a tool, or watched by MPI_T. */
    public boolean timesCalls(MpiFunction f) {
        return callTimes || monitor.observes(f);
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
        chain = new Chain(instances);
        if (chain.interceptsAny()) {
            InlineDirective.schedule(this, Settings.current().get(InlineDirective.SETTING));
        }
        toolsInitialized = true;
        toolsActive = pcontrolLevel != 0;
        relinkAll();
    }

    /** Sets the level kept for {@code MPI_Pcontrol}; switching to or from 0 relinks every site. */
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
            monitor.pcontrolChanged(old, level); // the MPI_T event, outside the process's lock
        }
    }

    /** Points every call site at the chain or the binding again (the set of watched functions changed). */
    /**
     * The context factory ({@link BoundCalls}) for calls of binding method {@code mappingId} made
     * through a handle of type {@code siteMethod}, shared by every site that calls it that way.
     */
    public MethodHandle boundCalls(int mappingId, MethodType siteMethod, MethodHandle spread, boolean timed) {
        List<Object> key = List.of(mappingId, siteMethod, timed);
        MethodHandle f = boundCalls.get(key);
        if (f == null) {
            f = boundCalls.computeIfAbsent(key, new BoundCallClass(spread, timed));
        }
        return f;
    }

    /** A named class rather than a lambda: nothing on the start path spins lambda classes. */
    private static final class BoundCallClass implements Function<List<Object>, MethodHandle> {
        private final MethodHandle spread;
        private final boolean timed;

        BoundCallClass(MethodHandle spread, boolean timed) {
            this.spread = spread;
            this.timed = timed;
        }

        @Override
        public MethodHandle apply(List<Object> key) {
            return BoundCalls.factory(spread, timed);
        }
    }

    /** Relinks every site to new targets, so that code compiled for them is compiled again. */
    public synchronized void recompileSites() {
        for (Relinkable s : sites) {
            s.forgetTargets();
        }
        relinkAll();
    }

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
