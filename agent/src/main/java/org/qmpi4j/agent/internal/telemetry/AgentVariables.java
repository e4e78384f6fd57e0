package org.qmpi4j.agent.internal.telemetry;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.agent.internal.telemetry.MonitorSources.Metric;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CvarCell;
import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.CvarSources;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarSources;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Scope;
import org.qmpi4j.api.mpit.Verbosity;
import org.qmpi4j.mpit.MpitRegistry;

/**
 * Registers the agent's own variables, in a fixed order (so that every process of a job, and
 * every rank of an MPJ multicore JVM, has the same indices), under the category tree
 * <pre>
 * qmpi4j
 *   qmpi4j_point_to_point   calls/time/bytes of point-to-point functions, traffic per peer, largest message
 *   qmpi4j_collectives      calls/time/bytes of collectives
 *   qmpi4j_requests         completion functions, outstanding requests, posted receives
 *   qmpi4j_process          MPI state, fraction of time in MPI, communicator size
 *   qmpi4j_other_functions  everything else (environment, communicators, datatypes, ...)
 *   qmpi4j_agent            the agent's settings and its own counters
 *   qmpi4j_jvm              what the JVM did: collections, safepoints, class loading, descheduling
 * </pre>
 *
 * <p>One class on purpose: the order of registration is the variables' indices, which every process must
 * share, and it reads top to bottom here only while the whole tree is registered in one place.
 */
final class AgentVariables {
    /** Longest string setting, in UTF-8 bytes (MPI_CHAR counts add the NUL). */
    static final int MAX_STRING = 4096;

    private final ProcessTelemetry telemetry;
    private final MpitRegistry r;
    private final MonitorSources sources;
    private final AgentConfig config;

    private AgentVariables(ProcessTelemetry telemetry, MpitRegistry registry, AgentConfig config) {
        this.telemetry = telemetry;
        this.r = registry;
        this.sources = new MonitorSources(telemetry.monitor());
        this.config = config;
    }

    static void register(ProcessTelemetry telemetry, MpitRegistry registry, AgentConfig config) {
        new AgentVariables(telemetry, registry, config).registerAll();
    }

    private void registerAll() {
        int root = r.registerCategory("qmpi4j", "Everything the qmpi4j agent measures and its settings");
        int p2p = child(root, "qmpi4j_point_to_point", "Point-to-point communication");
        int coll = child(root, "qmpi4j_collectives", "Collective operations");
        int requests = child(root, "qmpi4j_requests", "Non-blocking requests and their completion");
        int processCat = child(root, "qmpi4j_process", "What the process is doing in MPI");
        int other = child(
                root,
                "qmpi4j_other_functions",
                "Environment, communicator, group, datatype, topology, one-sided and I/O functions");
        int agent = child(root, "qmpi4j_agent", "The agent's settings and its own counters");
        int jvm = child(
                root,
                "qmpi4j_jvm",
                "What the JVM did to the process: garbage-collection pauses, other safepoints, class loading, "
                        + "time descheduled");

        for (MpiFunction f : MpiFunction.values()) {
            int cat;
            switch (f.kind()) {
                case POINT_TO_POINT:
                    cat = p2p;
                    break;
                case COLLECTIVE:
                    cat = coll;
                    break;
                case COMPLETION:
                    cat = requests;
                    break;
                default:
                    cat = other;
            }
            perFunction(f, cat);
        }
        registerTraffic(p2p);
        registerRequests(requests);
        registerProcess(processCat);
        registerAgent(agent);
        telemetry
                .monitor()
                .events(AgentEvents.register(r, telemetry.monitor(), p2p, coll, requests, processCat, agent));
        JvmVariables.register(r, telemetry.jvm(), jvm);
    }

    private int child(int parent, String name, String description) {
        int c = r.registerCategory(name, description);
        r.categoryAddCategory(parent, c);
        return c;
    }

    private void pvar(int category, PvarDefinition.Builder b) {
        r.categoryAddPvar(category, r.registerPvar(b.build()));
    }

    private void cvar(int category, CvarDefinition.Builder b) {
        r.categoryAddCvar(category, r.registerCvar(b.build()));
    }

    private void perFunction(MpiFunction f, int category) {
        String base = "qmpi4j_" + f.name().toLowerCase(Locale.ROOT);
        pvar(
                category,
                PvarDefinition.builder(base + "_calls", PvarClass.COUNTER)
                        .description("Calls of " + f.name() + " by the application")
                        .verbosity(Verbosity.USER_DETAIL)
                        .source(sources.function(f, Metric.CALLS)));
        pvar(
                category,
                PvarDefinition.builder(base + "_time", PvarClass.TIMER)
                        .description("Seconds the application spent in " + f.name() + " (wall clock, including tools)")
                        .verbosity(Verbosity.USER_DETAIL)
                        .source(sources.function(f, Metric.NANOS)));
        pvar(
                category,
                PvarDefinition.builder(base + "_bytes", PvarClass.AGGREGATE)
                        .description("Bytes named by the count and datatype arguments of " + f.name()
                                + " (count times datatype size)")
                        .verbosity(Verbosity.USER_DETAIL)
                        .source(sources.function(f, Metric.BYTES)));
    }

    private void registerTraffic(int p2p) {
        pvar(
                p2p,
                PvarDefinition.builder("qmpi4j_p2p_messages_sent", PvarClass.COUNTER)
                        .bind(BindType.MPI_COMM)
                        .description("Point-to-point messages this process sent to each member of the communicator "
                                + "(count = its size; element i = its rank i), whatever communicator carried them")
                        .source(sources.peers(false)));
        pvar(
                p2p,
                PvarDefinition.builder("qmpi4j_p2p_bytes_sent", PvarClass.AGGREGATE)
                        .bind(BindType.MPI_COMM)
                        .description("Point-to-point bytes this process sent to each member of the communicator "
                                + "(count = its size; element i = its rank i), whatever communicator carried them")
                        .source(sources.peers(true)));
        pvar(
                p2p,
                PvarDefinition.builder("qmpi4j_message_size", PvarClass.HIGHWATERMARK)
                        .description("Largest point-to-point message sent, in bytes")
                        .source(sources.messageSize()));
    }

    private void registerRequests(int requests) {
        String outstanding = "qmpi4j_requests_outstanding";
        String what = "Non-blocking requests started and not yet completed or freed (requests started while "
                + "no handle of a request variable ran are not known)";
        String lowerWhat = what.substring(0, 1).toLowerCase(Locale.ROOT) + what.substring(1);
        pvar(
                requests,
                PvarDefinition.builder(outstanding, PvarClass.LEVEL)
                        .description(what)
                        .source(sources.outstandingRequests()));
        pvar(
                requests,
                PvarDefinition.builder(outstanding, PvarClass.HIGHWATERMARK)
                        .description("Most " + lowerWhat)
                        .source(sources.outstandingRequests()));
        pvar(
                requests,
                PvarDefinition.builder(outstanding, PvarClass.LOWWATERMARK)
                        .description("Fewest " + lowerWhat)
                        .source(sources.outstandingRequests()));
        pvar(
                requests,
                PvarDefinition.builder("qmpi4j_posted_receives", PvarClass.LEVEL)
                        .bind(BindType.MPI_COMM)
                        .description(
                                "Receives posted on the communicator with a non-blocking call and not yet completed")
                        .source(sources.postedReceives()));
    }

    private void registerProcess(int processCat) {
        EnumItem[] items = new EnumItem[MpiState.values().length];
        for (MpiState s : MpiState.values()) {
            items[s.ordinal()] = new EnumItem(s.ordinal(), s.name());
        }
        EnumType states = r.registerEnum("qmpi4j_mpi_state_values", items);
        pvar(
                processCat,
                PvarDefinition.builder("qmpi4j_mpi_state", PvarClass.STATE)
                        .enumType(states)
                        .description("What the process is doing in MPI: the kind of the MPI call it entered last, "
                                + "or NOT_IN_MPI")
                        .source(sources.state()));
        pvar(
                processCat,
                PvarDefinition.builder("qmpi4j_time_in_mpi", PvarClass.PERCENTAGE)
                        .unit(1e-9)
                        .description("Fraction of wall-clock time since the handle was started during which "
                                + "at least one thread of the process was inside MPI")
                        .source(sources.timeInMpi()));
        pvar(
                processCat,
                PvarDefinition.builder("qmpi4j_comm_size", PvarClass.SIZE)
                        .bind(BindType.MPI_COMM)
                        .continuous(true)
                        .description("Number of processes in the communicator")
                        .source(sources.communicatorSize()));
    }

    private void registerAgent(int agent) {
        ProcessTelemetry.Counters counters = telemetry.counters();
        pvar(
                agent,
                PvarDefinition.builder("qmpi4j_pcontrol_level", PvarClass.GENERIC)
                        .datatype(MpitDatatype.INT)
                        .continuous(true)
                        .description(
                                "The MPI_Pcontrol level: 1 from MPI_Init, 0 while the application switched tools off")
                        .source(PvarSources.current(this::pcontrolLevel)));
        jvmCounter(
                agent,
                "qmpi4j_call_sites_linked",
                "Rewritten MPI call sites of the application that ran for the first time (whole JVM)",
                counters::callSitesLinked);
        jvmCounter(
                agent,
                "qmpi4j_tool_faults",
                "Faults of tools (exceptions from handlers or initialisers), contained by the agent (whole JVM)",
                counters::toolFaults);
        jvmCounter(
                agent,
                "qmpi4j_agent_faults",
                "Internal errors of the agent on the call path, contained (whole JVM)",
                counters::agentFaults);

        cvar(
                agent,
                CvarDefinition.builder("qmpi4j_tools", MpitDatatype.CHAR)
                        .scope(Scope.LOCAL)
                        .description("Tool names in order, separated by ','; read by MPI_Init. Writable until then "
                                + "(MPI_T_ERR_CVAR_SET_NEVER after). Set from the agent setting 'tools'.")
                        .source(object -> new StringCell(
                                () -> String.join(",", telemetry.settings().tools()), this::setTools)));
        cvar(
                agent,
                CvarDefinition.builder("qmpi4j_toolpath", MpitDatatype.CHAR)
                        .scope(Scope.CONSTANT)
                        .description("Jars and directories searched for tools at start (agent setting 'toolpath')")
                        .source(CvarSources.stringValue(MAX_STRING, this::toolPath, null)));
        cvar(
                agent,
                CvarDefinition.builder("qmpi4j_output_dir", MpitDatatype.CHAR)
                        .scope(Scope.LOCAL)
                        .description("Directory for the tools' results; empty means a new qmpi4j-<date-time> folder in "
                                + "the working directory. Agent setting 'output' (QMPI4J_OUTPUT). Write the same value "
                                + "on every process.")
                        .source(object -> new StringCell(
                                () -> telemetry.settings().outputDirectory(),
                                v -> telemetry.settings().setOutputDirectory(v))));
        cvar(
                agent,
                CvarDefinition.builder("qmpi4j_pcontrol_level", MpitDatatype.INT)
                        .scope(Scope.LOCAL)
                        .description(
                                "The MPI_Pcontrol level; writing it sets the level as MPI_Pcontrol would, without "
                                        + "calling the tools' MPI_PCONTROL handlers. Writable between MPI_Init "
                                        + "(MPI_T_ERR_CVAR_SET_NOT_NOW before) and MPI_Finalize (MPI_T_ERR_CVAR_SET_NEVER after).")
                        .source(CvarSources.intValue(this::pcontrolLevel, this::setPcontrolLevel)));
        cvar(
                agent,
                CvarDefinition.builder("qmpi4j_binding", MpitDatatype.CHAR)
                        .scope(Scope.READONLY)
                        .description(
                                "The Java MPI binding of this process (openmpi, mpj), empty before its first MPI call")
                        .source(CvarSources.stringValue(
                                64,
                                () -> {
                                    ObservedProcess p = telemetry.process();
                                    return p == null
                                            ? ""
                                            : p.bindingDescriptor().id();
                                },
                                null)));
        cvar(
                agent,
                CvarDefinition.builder("qmpi4j_mpit_max_sessions", MpitDatatype.INT)
                        .scope(Scope.LOCAL)
                        .description("Most MPI_T performance sessions open at once (MPI_T_ERR_OUT_OF_SESSIONS beyond)")
                        .source(CvarSources.intValue(r::maxSessions, v -> limit(v, r::setMaxSessions))));
        cvar(
                agent,
                CvarDefinition.builder("qmpi4j_mpit_max_handles", MpitDatatype.INT)
                        .scope(Scope.LOCAL)
                        .description("Most MPI_T handles allocated at once (MPI_T_ERR_OUT_OF_HANDLES beyond)")
                        .source(CvarSources.intValue(r::maxHandles, v -> limit(v, r::setMaxHandles))));
        cvar(
                agent,
                CvarDefinition.builder("qmpi4j_comm_world_ranks", MpitDatatype.INT)
                        .scope(Scope.READONLY)
                        .bind(BindType.MPI_COMM)
                        .description("The MPI_COMM_WORLD rank of each member of the communicator (count = its size)")
                        .source(comm -> {
                            int[] ranks = sources.worldRanks(comm);
                            return new CvarCell() {
                                @Override
                                public int count() {
                                    return ranks.length;
                                }

                                @Override
                                public Object read() {
                                    return ranks.clone();
                                }

                                @Override
                                public void write(Object value) {
                                    throw new MpitException(ReturnCode.MPI_T_ERR_CVAR_SET_NEVER, "read-only");
                                }
                            };
                        }));
    }

    /**
     * A counter the agent keeps for the whole JVM, read as it stands: continuous, read-only and not
     * atomic, as a handle holds no count of its own to write or reset.
     */
    private void jvmCounter(int category, String name, String description, LongSupplier value) {
        pvar(
                category,
                PvarDefinition.builder(name, PvarClass.COUNTER)
                        .readonly(true)
                        .atomic(false)
                        .continuous(true)
                        .description(description)
                        .source(PvarSources.current(value)));
    }

    private static void limit(int value, java.util.function.IntConsumer set) {
        if (value < 1) {
            throw new MpitException(ReturnCode.MPI_T_ERR_INVALID, "a limit must be at least 1, not " + value);
        }
        set.accept(value);
    }

    private void setTools(String value) {
        ObservedProcess p = telemetry.process();
        if (p != null && p.toolsInitialized()) {
            throw new MpitException(
                    ReturnCode.MPI_T_ERR_CVAR_SET_NEVER,
                    "MPI_Init has initialised the tools already; the tool list cannot change any more");
        }
        List<String> names = new ArrayList<>();
        for (String n : value.split("[,:]")) {
            if (!n.isBlank()) {
                names.add(n.trim());
            }
        }
        telemetry.settings().setTools(names, "control variable qmpi4j_tools = \"" + value + "\"");
    }

    /** The process's MPI_Pcontrol level: 1, as from MPI_Init, while no MPI call made the process known. */
    private int pcontrolLevel() {
        ObservedProcess p = telemetry.process();
        return p == null ? 1 : p.pcontrolLevel();
    }

    private void setPcontrolLevel(int level) {
        ObservedProcess p = telemetry.process();
        if (p == null || !p.toolsInitialized()) {
            throw new MpitException(
                    ReturnCode.MPI_T_ERR_CVAR_SET_NOT_NOW, "the Pcontrol level can be set once MPI_Init has run");
        }
        if (p.finalized()) {
            throw new MpitException(ReturnCode.MPI_T_ERR_CVAR_SET_NEVER, "MPI_Finalize has run");
        }
        p.setPcontrolLevel(level);
    }

    private String toolPath() {
        List<String> parts = new ArrayList<>();
        config.toolPath().forEach(path -> parts.add(path.toString()));
        return String.join(File.pathSeparator, parts);
    }

    /** A string setting of at most {@link #MAX_STRING} bytes. */
    private static final class StringCell implements CvarCell {
        private final java.util.function.Supplier<String> read;
        private final java.util.function.Consumer<String> write;

        StringCell(java.util.function.Supplier<String> read, java.util.function.Consumer<String> write) {
            this.read = read;
            this.write = write;
        }

        @Override
        public int count() {
            return MAX_STRING + 1;
        }

        @Override
        public Object read() {
            return read.get();
        }

        @Override
        public void write(Object value) {
            write.accept((String) value);
        }
    }
}
