package org.qmpi4j.agent.internal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.chain.ToolFaults;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.agent.internal.telemetry.ProcessTelemetry;
import org.qmpi4j.api.internal.log.Log;

/**
 * The agent's state for this JVM, set up once by premain: settings, binding descriptors, fault
 * counters. Linked call sites reach it through {@link #current()}.
 */
public final class AgentRuntime implements ProcessTelemetry.Counters {
    private static volatile AgentRuntime current;
    private static final String LINK_FAILURE = "link-failure";
    private static final String AGENT_FAULT = "agent-fault";

    private final AgentConfig config;
    private final BindingCatalog catalog;
    private final ToolFaults faults;
    private final Stats stats = new Stats();
    /** The agent's own faults on the call path: the first reported, all counted. */
    private final Log log = Log.agent();

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
    public ProcessTelemetry telemetryOf(org.qmpi4j.agent.internal.chain.MpiProcess process) {
        for (ProcessTelemetry t : telemetries) {
            if (t.process() == process) {
                return t;
            }
        }
        return firstTelemetry;
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

    /** A failure of the agent's own code on the call path: counted, reported once. */
    public void agentFault(String what, Throwable t) {
        log.fault(
                AGENT_FAULT,
                "internal error while " + what + ": " + t + " (the MPI call went ahead unchanged;"
                        + " further internal errors are counted, not shown)",
                t);
    }

    public long agentFaults() {
        return log.count(AGENT_FAULT);
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
