package org.qmpi4j.agent.internal.chain;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.qmpi4j.agent.internal.access.BindingAccess;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.config.ProcessSettings;
import org.qmpi4j.agent.internal.telemetry.ObservedProcess;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.MpiT;

/**
 * One MPI process as the agent sees it, assembled from its parts by concern, each passed in
 * finished and passed on to whoever needs it: the way its calls take ({@link CallRoute}: chain,
 * Pcontrol level, call times, the MPI_T monitor), its linked call sites ({@link CallSites}), its
 * binding (descriptor, loader, access by function name) and its tools' set-up (registry, faults,
 * settings, the classes made for the JIT). What is left here is what changes more than one of them
 * at once: QMPI's initialisation phase and the Pcontrol level, each followed by relinking.
 *
 * <p>Usually one per JVM; MPJ Express' multicore mode runs one per rank in a JVM, each with its
 * own copy of the binding's classes, which is how processes are told apart.
 */
public final class MpiProcess implements ObservedProcess {
    private final BindingDescriptor bindingDescriptor;
    private final ClassLoader bindingLoader;
    private final @Nullable BindingAccess access;
    private final ToolRegistry registry;
    private final ToolFaults faults;
    private final CallRoute route;
    private final CallSites sites;
    private final Supplier<MpiT> mpit;
    private final ProcessSettings settings;
    private final Specialisation specialisation;

    private volatile boolean finalized;

    /**
     * Assembled in one place, {@code link.MpiProcesses}, from finished parts (tests:
     * {@code MpiProcessBuilder} in test code).
     *
     * @param bindingDescriptor the binding's descriptor
     * @param bindingLoader     the loader of this process's copy of the binding
     * @param access            this process's access to its binding's methods by function name
     * @param registry          the tools registered in this JVM, from which the chain is built
     * @param faults            where a tool's failures are counted and reported once
     * @param route             the way the process's calls take, with the agent's measurements (MPI_T)
     * @param sites             the process's linked call sites, relinked when the route changes
     * @param mpit              this process's MPI_T registry (asked for only when MPI_T is used)
     * @param settings          the tool list and output directory, changeable through MPI_T until used
     * @param specialisation    the classes made for the JIT ({@link Specialisation#GENERIC}: none)
     */
    public MpiProcess(
            BindingDescriptor bindingDescriptor,
            ClassLoader bindingLoader,
            @Nullable BindingAccess access,
            ToolRegistry registry,
            ToolFaults faults,
            CallRoute route,
            CallSites sites,
            Supplier<MpiT> mpit,
            ProcessSettings settings,
            Specialisation specialisation) {
        this.bindingDescriptor = bindingDescriptor;
        this.bindingLoader = bindingLoader;
        this.access = access;
        this.registry = registry;
        this.faults = faults;
        this.route = route;
        this.sites = sites;
        this.mpit = mpit;
        this.settings = settings;
        this.specialisation = specialisation;
    }

    /** This process's MPI_T, as tools see it through the API; made on first use. */
    MpiT mpit() {
        return mpit.get();
    }

    @Override
    public BindingDescriptor bindingDescriptor() {
        return bindingDescriptor;
    }

    @Override
    public ClassLoader bindingLoader() {
        return bindingLoader;
    }

    BindingAccess access() {
        BindingAccess a = access;
        if (a == null) {
            throw new IllegalStateException("this MPI process has no access to its binding by function name");
        }
        return a;
    }

    /**
     * Where the agent's and the tools' own calls of the binding are made ({@code pmpi}): no
     * application's site. No call context is made for them, so no tool is shown it.
     */
    static final CallingAddress OWN_CALL = new CallingAddress("org.qmpi4j.agent", "pmpi", null, -1);

    /**
     * The binding method that stands for {@code function} when a tool or the agent calls it by
     * name, as a call of this process made at {@code where}.
     *
     * @throws UnsupportedOperationException if the binding has none
     */
    CallTarget canonical(MpiFunction function, CallingAddress where) {
        return new CanonicalTarget(this, route, access().canonical(function, where), where);
    }

    /**
     * Per function, the target of the tools' own calls ({@link #OWN_CALL}), made at the first: a
     * tool calls a few functions many times (the checker's signature per message), so its calls
     * make no target each. A race makes two equal targets, one of them kept; their fields are final.
     */
    private final CallTarget[] ownCalls = new CallTarget[MpiFunction.values().length];

    /** {@link #canonical} of {@code function} at {@link #OWN_CALL}, made once. */
    CallTarget ownCall(MpiFunction function) {
        CallTarget t = ownCalls[function.ordinal()];
        if (t == null) {
            t = canonical(function, OWN_CALL);
            ownCalls[function.ordinal()] = t;
        }
        return t;
    }

    @Override
    public boolean toolsInitialized() {
        return route.toolsInitialized();
    }

    @Override
    public int pcontrolLevel() {
        return route.pcontrolLevel();
    }

    /** From {@code Qmpi.requestCallTimes}: the agent reads the clock at each call's entry and exit from now on. */
    void requestCallTimes() {
        route.requestCallTimes();
    }

    /** Whether the application's {@code MPI.Finalize} has returned. */
    @Override
    public boolean finalized() {
        return finalized;
    }

    void markFinalized() {
        finalized = true;
    }

    /** Relinks every site to new targets, so that code compiled for them is compiled again (the JIT's directive). */
    public void recompileSites() {
        sites.recompile();
    }

    /**
     * QMPI's initialisation phase: one instance per name in the settings' tool list, in order, each
     * initialiser run once with a fresh id; then the chain is sealed and call sites relinked.
     * Runs once; later calls do nothing.
     *
     * @throws UnknownToolException if a name was never registered (nothing is initialised then)
     */
    void initializeTools() {
        initializeTools(settings.tools(), settings.toolsSource());
    }

    /** As {@link #initializeTools()}, with the tool list {@code toolNames} read from {@code source}. */
    synchronized void initializeTools(List<String> toolNames, String source) {
        if (route.toolsInitialized()) {
            return;
        }
        List<String> unknown = registry.unknown(toolNames);
        if (!unknown.isEmpty()) {
            throw new UnknownToolException(unknownMessage(unknown, source, registry.available()));
        }
        registry.close();
        List<ToolInstance> instances = new ArrayList<>();
        ToolInstance.Parts parts = new ToolInstance.Parts(faults, route.observer(), specialisation);
        for (String name : toolNames) {
            ToolInstance inst = registry.newInstance(name, instances.size() + 1, this, parts);
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
        Chain chain = new Chain(instances, specialisation);
        if (chain.interceptsAny()) {
            specialisation.toolsIntercept(this);
        }
        route.seal(chain);
        sites.relinkAll();
    }

    /** Sets the level kept for {@code MPI_Pcontrol}; switching to or from 0 relinks every site. */
    @Override
    public void setPcontrolLevel(int level) {
        int old;
        synchronized (this) {
            old = route.pcontrol(level);
            if ((old == 0) != (level == 0)) {
                sites.relinkAll();
            }
        }
        if (old != level) {
            route.observer().pcontrolChanged(old, level); // the MPI_T event, outside the process's lock
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
