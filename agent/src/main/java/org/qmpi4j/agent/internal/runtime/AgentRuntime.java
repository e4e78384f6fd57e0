package org.qmpi4j.agent.internal.runtime;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.chain.AgentFaults;
import org.qmpi4j.agent.internal.chain.JvmMpit;
import org.qmpi4j.agent.internal.chain.MpiProcess;
import org.qmpi4j.agent.internal.chain.ToolFaults;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.agent.internal.telemetry.ProcessTelemetry;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.mpit.MpiT;

/**
 * The agent's state for this JVM, set up once by premain: settings, binding descriptors, fault
 * counters. The linker reaches it through {@link #current()}.
 */
public final class AgentRuntime implements ProcessTelemetry.Counters, JvmMpit {
    private static volatile @Nullable AgentRuntime current;
    private static final String LINK_FAILURE = "link-failure";

    private final AgentConfig config;
    private final BindingCatalog catalog;
    private final ToolFaults faults;
    private final Stats stats = new Stats();

    private final ProcessTelemetry firstTelemetry;
    private final List<ProcessTelemetry> telemetries = new CopyOnWriteArrayList<>();
    private boolean firstTaken; // guarded by this

    /** Counters the agent keeps about itself. */
    public static final class Stats {
        private final AtomicLong sitesLinked = new AtomicLong();

        public void siteLinked() {
            sitesLinked.incrementAndGet();
        }

        public long sitesLinked() {
            return sitesLinked.get();
        }
    }

    public AgentRuntime(AgentConfig config, BindingCatalog catalog) {
        this.config = config;
        this.catalog = catalog;
        this.faults = new ToolFaults();
        this.firstTelemetry = new ProcessTelemetry(config, this);
        telemetries.add(firstTelemetry);
    }

    /**
     * The MPI_T side of the JVM's first MPI process; it exists from premain so that MPI_T works
     * before {@code MPI.Init}.
     */
    public ProcessTelemetry firstTelemetry() {
        return firstTelemetry;
    }

    /** For a new MPI process: the first one adopts {@link #firstTelemetry()}, later ones get their own. */
    public synchronized ProcessTelemetry telemetryForNewProcess() {
        if (!firstTaken) {
            firstTaken = true;
            return firstTelemetry;
        }
        ProcessTelemetry t = new ProcessTelemetry(config, this);
        telemetries.add(t);
        return t;
    }

    /** The telemetry {@code process} was attached to (the first one if it was attached to none). */
    public ProcessTelemetry telemetryOf(MpiProcess process) {
        for (ProcessTelemetry t : telemetries) {
            if (t.process() == process) {
                return t;
            }
        }
        return firstTelemetry;
    }

    @Override
    public MpiT firstProcess() {
        return firstTelemetry.registry();
    }

    @Override
    public boolean everInitialized(MpiProcess process) {
        return telemetryOf(process).mpitEverInitialized();
    }

    /** At JVM shutdown: MPI_T can no longer be initialised. */
    public void beginShutdown() {
        for (ProcessTelemetry t : telemetries) {
            t.beginShutdown();
        }
    }

    @Override
    public long callSitesLinked() {
        return stats.sitesLinked();
    }

    @Override
    public long toolFaults() {
        return faults.total();
    }

    public static void install(AgentRuntime runtime) {
        current = runtime;
    }

    public static AgentRuntime current() {
        AgentRuntime r = current;
        if (r == null) {
            throw new IllegalStateException("qmpi4j agent not started (premain did not run)");
        }
        return r;
    }

    public AgentConfig config() {
        return config;
    }

    public BindingCatalog catalog() {
        return catalog;
    }

    public ToolFaults faults() {
        return faults;
    }

    public Stats stats() {
        return stats;
    }

    @Override
    public long agentFaults() {
        return AgentFaults.count();
    }

    /** A call site that could not be linked through the agent: it runs unobserved. */
    public static void reportLinkFailure(String site, Throwable t) {
        Log.agent()
                .fault(
                        LINK_FAILURE,
                        "could not link the MPI call at " + site + ": " + t
                                + "; it runs without tools (further such failures are counted, not shown)",
                        t);
    }

    public static long linkFailures() {
        return Log.agent().count(LINK_FAILURE);
    }
}
