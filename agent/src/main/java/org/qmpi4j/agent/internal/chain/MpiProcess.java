package org.qmpi4j.agent.internal.chain;

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
            ToolInstance inst = registry.newInstance(name, this);
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
        toolsInitialized = true;
        relinkAll();
    }

    /** Sets the level kept for {@code MPI_Pcontrol}; switching to or from 0 relinks every site. */
    public void setPcontrolLevel(int level) {
        int old;
        synchronized (this) {
            old = pcontrolLevel;
            pcontrolLevel = level;
            if ((old == 0) != (level == 0)) {
                relinkAll();
            }
        }
        if (old != level) {
            monitor.pcontrolChanged(old, level); // the MPI_T event, outside the process's lock
        }
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
