package org.qmpi4j.agent.internal.telemetry;

import java.util.Objects;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.agent.internal.config.ProcessSettings;
import org.qmpi4j.agent.internal.jvm.JvmWatch;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.mpit.MpitRegistry;

/**
 * What MPI_T shows of one MPI process: its registry, the monitor feeding the agent's variables,
 * and its changeable settings. The first one exists from premain, so MPI_T works before
 * {@code MPI.Init} (the text advises making settings visible before it); the first MPI process of
 * the JVM adopts it, later ones (MPJ Express multicore ranks) get their own.
 */
public final class ProcessTelemetry {
    /**
     * Made on first use: its construction loads the registry's classes, which a job that never
     * asks for MPI_T (most short jobs) need not pay for at start. Guarded by {@code this}.
     */
    private @Nullable MpitRegistry registry;

    private boolean shuttingDown;
    private final CallMonitor monitor = new CallMonitor();
    private final JvmWatch jvm = new JvmWatch();
    private final ProcessSettings settings;
    private final Counters counters;
    private final AgentConfig config;
    private volatile boolean registered;
    private volatile @Nullable ObservedProcess process;

    /** Counters the agent keeps for the whole JVM. */
    public interface Counters {
        /** No call linked and no fault: a process outside any job (the listing command, tests). */
        Counters NONE = new Counters() {
            @Override
            public long callSitesLinked() {
                return 0;
            }

            @Override
            public long agentFaults() {
                return 0;
            }

            @Override
            public long toolFaults() {
                return 0;
            }
        };

        long callSitesLinked();

        long agentFaults();

        long toolFaults();
    }

    public ProcessTelemetry(AgentConfig config, Counters counters) {
        this.settings = new ProcessSettings(config);
        this.counters = counters;
        this.config = config;
    }

    /** For a listing outside a job: the MPI library found through the binding's native library. */
    public void linkLibraryForListing() {
        created().linkLibrary(BindingLibraryLink.forListing());
    }

    /**
     * The registry, with the agent's variables registered on first use: a JVM that never uses
     * MPI_T does not pay for registering a thousand variables at start.
     */
    public MpitRegistry registry() {
        if (!registered) {
            synchronized (this) {
                if (!registered) {
                    AgentVariables.register(this, created(), config);
                    registered = true;
                }
            }
        }
        return Objects.requireNonNull(registry, "made when the variables were registered");
    }

    private synchronized MpitRegistry created() {
        if (registry == null) {
            registry = new MpitRegistry(this::isKind);
            registry.linkLibrary(BindingLibraryLink.forProcess(this::process));
            if (shuttingDown) {
                registry.beginShutdown();
            }
        }
        return registry;
    }

    /** Whether MPI_T was ever initialised in this process; asking does not register the variables. */
    public synchronized boolean mpitEverInitialized() {
        return registry != null && registry.everInitialized();
    }

    public CallMonitor monitor() {
        return monitor;
    }

    /** At JVM shutdown: MPI_T can no longer be initialised (registers nothing new). */
    public synchronized void beginShutdown() {
        shuttingDown = true;
        if (registry != null) {
            registry.beginShutdown();
        }
    }

    public ProcessSettings settings() {
        return settings;
    }

    public Counters counters() {
        return counters;
    }

    /** The MPI process, once the application has made its first MPI call; else {@code null}. */
    public @Nullable ObservedProcess process() {
        return process;
    }

    /**
     * The process begins: {@code p} is made on the thread of its first MPI call, whose time
     * descheduled the {@code qmpi4j_jvm} variables report.
     */
    public void attach(ObservedProcess p) {
        this.process = p;
        jvm.callingThreadCallsMpi();
    }

    /** What the JVM did, as the {@code qmpi4j_jvm} variables read it. */
    JvmWatch jvm() {
        return jvm;
    }

    /**
     * Whether {@code object} is an MPI object of {@code kind} in this process's binding, as the
     * descriptor names the classes. Before the process exists nothing can be checked; the
     * variable's source then decides.
     */
    private boolean isKind(org.qmpi4j.api.mpit.BindType kind, Object object) {
        ObservedProcess p = process;
        String className = p == null ? null : p.bindingDescriptor().objectClass(kind);
        if (p == null || className == null) {
            return true;
        }
        try {
            return Class.forName(className.replace('/', '.'), false, p.bindingLoader())
                    .isInstance(object);
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
