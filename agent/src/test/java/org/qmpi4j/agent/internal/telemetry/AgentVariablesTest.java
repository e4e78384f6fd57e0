package org.qmpi4j.agent.internal.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.expect;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.CvarInfo;
import org.qmpi4j.api.mpit.EnumInfo;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Scope;
import org.qmpi4j.api.mpit.ThreadLevel;
import org.qmpi4j.mpit.CategoryRules;
import org.qmpi4j.mpit.MpitRegistry;

/**
 * The agent's own variables, as a process shows them before its first MPI call (no MPI process is
 * attached): they obey the text's rules, and the control variables answer what their descriptions
 * promise.
 */
class AgentVariablesTest {
    private static final List<String> CHILDREN = List.of(
            "qmpi4j_point_to_point",
            "qmpi4j_collectives",
            "qmpi4j_requests",
            "qmpi4j_process",
            "qmpi4j_other_functions",
            "qmpi4j_agent",
            "qmpi4j_jvm");

    /** The datatypes Section 14.3.7 allows per class, written out from the text (not from PvarClass). */
    private static final Map<PvarClass, Set<MpitDatatype>> TEXT_DATATYPES = new HashMap<>();

    static {
        Set<MpitDatatype> unsignedOrDouble = EnumSet.of(
                MpitDatatype.UNSIGNED,
                MpitDatatype.UNSIGNED_LONG,
                MpitDatatype.UNSIGNED_LONG_LONG,
                MpitDatatype.DOUBLE);
        TEXT_DATATYPES.put(PvarClass.STATE, EnumSet.of(MpitDatatype.INT));
        TEXT_DATATYPES.put(PvarClass.LEVEL, unsignedOrDouble);
        TEXT_DATATYPES.put(PvarClass.SIZE, unsignedOrDouble);
        TEXT_DATATYPES.put(PvarClass.PERCENTAGE, EnumSet.of(MpitDatatype.DOUBLE));
        TEXT_DATATYPES.put(PvarClass.HIGHWATERMARK, unsignedOrDouble);
        TEXT_DATATYPES.put(PvarClass.LOWWATERMARK, unsignedOrDouble);
        TEXT_DATATYPES.put(
                PvarClass.COUNTER,
                EnumSet.of(MpitDatatype.UNSIGNED, MpitDatatype.UNSIGNED_LONG, MpitDatatype.UNSIGNED_LONG_LONG));
        TEXT_DATATYPES.put(PvarClass.AGGREGATE, unsignedOrDouble);
        TEXT_DATATYPES.put(PvarClass.TIMER, unsignedOrDouble);
        TEXT_DATATYPES.put(PvarClass.GENERIC, EnumSet.allOf(MpitDatatype.class));
    }

    /** The JVM-wide counters the agent keeps; fixed numbers here. */
    private static final class FixedCounters implements ProcessTelemetry.Counters {
        @Override
        public long callSitesLinked() {
            return 12;
        }

        @Override
        public long agentFaults() {
            return 0;
        }

        @Override
        public long toolFaults() {
            return 3;
        }
    }

    private ProcessTelemetry telemetry;
    private MpitRegistry r;

    private static ProcessTelemetry newTelemetry() {
        return new ProcessTelemetry(new AgentConfig(null, Map.of(), Map.of()), new FixedCounters());
    }

    @BeforeEach
    void setUp() {
        telemetry = newTelemetry();
        r = telemetry.registry();
        r.initThread(ThreadLevel.SINGLE);
    }

    private CvarHandle cvar(String name) {
        return r.cvarHandleAlloc(r.cvarGetIndex(name), null);
    }

    private String readString(CvarHandle h) {
        byte[] b = new byte[h.count()];
        r.cvarRead(h, b);
        int end = 0;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        assertThat(end).as("a NUL within count bytes").isLessThan(b.length);
        return new String(b, 0, end, StandardCharsets.UTF_8);
    }

    /**
     * A NUL-terminated string in a buffer of {@code count} bytes: "The user must ensure that the buffer is of
     * the appropriate size to hold the entire value ... (based on the returned datatype and count)", and qmpi4j
     * checks it (a shorter buffer is MPI_T_ERR_INVALID even if it holds a NUL).
     */
    private static byte[] cString(String s, CvarHandle h) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[h.count()];
        System.arraycopy(utf8, 0, out, 0, utf8.length);
        return out;
    }

    @Test
    @DisplayName("Names: performance variables unique by (name, class), control variables and categories by name; "
            + "qmpi4j_requests_outstanding is a LEVEL, a HIGHWATERMARK and a LOWWATERMARK")
    void namesAreUnique() {
        Set<String> pvarKeys = new HashSet<>();
        for (int i = 0; i < r.pvarGetNum(); i++) {
            PvarInfo info = r.pvarGetInfo(i);
            assertThat(info.name()).isNotEmpty();
            assertThat(pvarKeys.add(info.name() + "/" + info.varClass()))
                    .as(info.toString())
                    .isTrue();
            assertThat(r.pvarGetIndex(info.name(), info.varClass())).isEqualTo(i);
        }
        Set<String> cvarNames = new HashSet<>();
        for (int i = 0; i < r.cvarGetNum(); i++) {
            assertThat(cvarNames.add(r.cvarGetInfo(i).name())).isTrue();
        }
        Set<Integer> outstanding = new HashSet<>();
        for (PvarClass c : new PvarClass[] {PvarClass.LEVEL, PvarClass.HIGHWATERMARK, PvarClass.LOWWATERMARK}) {
            outstanding.add(r.pvarGetIndex("qmpi4j_requests_outstanding", c));
        }
        assertThat(outstanding).hasSize(3);
        expect(
                ReturnCode.MPI_T_ERR_INVALID_NAME,
                () -> r.pvarGetIndex("qmpi4j_requests_outstanding", PvarClass.COUNTER));
    }

    @Test
    @DisplayName("The category tree qmpi4j > seven sub-categories holds every variable exactly once and never contains "
            + "itself")
    void categoryTree() {
        CategoryRules.assertWellFormed(r);
        int root = r.categoryGetIndex("qmpi4j");
        List<String> children = new ArrayList<>();
        for (int c : r.categoryGetCategories(root)) {
            children.add(r.categoryGetInfo(c).name());
            assertThat(r.categoryGetCategories(c)).isEmpty();
        }
        assertThat(children).containsExactlyElementsOf(CHILDREN);
        assertThat(r.categoryGetNum()).isEqualTo(1 + CHILDREN.size());

        int[] pvarSeen = new int[r.pvarGetNum()];
        int[] cvarSeen = new int[r.cvarGetNum()];
        for (int c = 0; c < r.categoryGetNum(); c++) {
            for (int v : r.categoryGetPvars(c)) {
                pvarSeen[v]++;
            }
            for (int v : r.categoryGetCvars(c)) {
                cvarSeen[v]++;
            }
        }
        for (int v = 0; v < pvarSeen.length; v++) {
            assertThat(pvarSeen[v]).as(r.pvarGetInfo(v).toString()).isEqualTo(1);
        }
        for (int v = 0; v < cvarSeen.length; v++) {
            assertThat(cvarSeen[v]).as(r.cvarGetInfo(v).toString()).isEqualTo(1);
        }
    }

    @Test
    @DisplayName("All ten classes are present and each variable's datatype is one the text allows for its class")
    void classesAndDatatypes() {
        Set<PvarClass> classes = EnumSet.noneOf(PvarClass.class);
        for (int i = 0; i < r.pvarGetNum(); i++) {
            PvarInfo info = r.pvarGetInfo(i);
            classes.add(info.varClass());
            assertThat(TEXT_DATATYPES.get(info.varClass())).as(info.toString()).contains(info.datatype());
            if (info.enumType() != null) {
                assertThat(info.datatype()).isEqualTo(MpitDatatype.INT);
            }
            if (info.varClass() == PvarClass.TIMER) {
                assertThat(info.datatype())
                        .as("timers in seconds, like MPI_WTIME")
                        .isEqualTo(MpitDatatype.DOUBLE);
            }
            if (info.atomic()) {
                assertThat(info.readonly())
                        .as(info + ": atomic read-reset resets, so it is writable")
                        .isFalse();
            }
        }
        assertThat(classes).containsExactlyInAnyOrder(PvarClass.values());
    }

    @Test
    @DisplayName("The state variable's enumeration: at least one item, unique names, and NOT_IN_MPI before MPI_Init")
    void stateEnumeration() {
        int index = r.pvarGetIndex("qmpi4j_mpi_state", PvarClass.STATE);
        PvarInfo info = r.pvarGetInfo(index);
        EnumInfo e = r.enumGetInfo(info.enumType());
        assertThat(e.num()).isGreaterThan(0);
        Set<String> names = new HashSet<>();
        for (int i = 0; i < e.num(); i++) {
            assertThat(names.add(r.enumGetItem(info.enumType(), i).name())).isTrue();
        }
        PvarSession s = r.pvarSessionCreate();
        PvarHandle h = r.pvarHandleAlloc(s, index, null);
        r.pvarStart(s, h);
        int[] v = new int[1];
        r.pvarRead(s, h, v);
        String state = null;
        for (int i = 0; i < e.num(); i++) {
            if (r.enumGetItem(info.enumType(), i).value() == v[0]) {
                state = r.enumGetItem(info.enumType(), i).name();
            }
        }
        assertThat(state).isEqualTo("NOT_IN_MPI");
    }

    @Test
    @DisplayName("Usable before MPI_Init: every variable not bound to an object can be allocated, started, read, "
            + "reset and freed; counters start at 0")
    void everyUnboundVariableWorksBeforeMpiInit() {
        PvarSession s = r.pvarSessionCreate();
        for (int i = 0; i < r.pvarGetNum(); i++) {
            PvarInfo info = r.pvarGetInfo(i);
            int index = i;
            if (info.bind() != BindType.NO_OBJECT) {
                // Bound to a communicator: which one cannot be told before the process exists.
                expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.pvarHandleAlloc(s, index, new Object()));
                continue;
            }
            PvarHandle h = r.pvarHandleAlloc(s, i, null);
            // one value each, but the JVM's totals: six and three per collector
            assertThat(h.count())
                    .as(info.toString())
                    .isEqualTo(info.name().equals(JvmVariables.TOTALS) ? h.count() : 1)
                    .isGreaterThanOrEqualTo(1);
            expect(
                    info.continuous() ? ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP : ReturnCode.SUCCESS,
                    () -> r.pvarStart(s, h));
            Object buffer = info.datatype().newBuffer(h.count());
            expect(ReturnCode.SUCCESS, () -> r.pvarRead(s, h, buffer));
            if (info.varClass().accumulates() && !info.continuous()) {
                assertThat(java.lang.reflect.Array.get(buffer, 0))
                        .as(info.toString())
                        .isIn(0L, 0, 0.0);
            }
            expect(info.readonly() ? ReturnCode.MPI_T_ERR_PVAR_NO_WRITE : ReturnCode.SUCCESS, () -> r.pvarReset(s, h));
            expect(
                    info.atomic() ? ReturnCode.SUCCESS : ReturnCode.MPI_T_ERR_PVAR_NO_ATOMIC,
                    () -> r.pvarReadReset(s, h, buffer));
            expect(ReturnCode.SUCCESS, () -> r.pvarHandleFree(s, h));
        }
        expect(ReturnCode.SUCCESS, () -> r.pvarSessionFree(s));
    }

    @Test
    @DisplayName("A started handle makes the agent watch its function; nothing is watched once it stops")
    void watchingFollowsHandles() {
        PvarSession s = r.pvarSessionCreate();
        PvarHandle h = r.pvarHandleAlloc(s, r.pvarGetIndex("qmpi4j_mpi_send_calls", PvarClass.COUNTER), null);
        assertThat(telemetry.monitor().observes(MpiFunction.MPI_SEND)).isFalse();
        r.pvarStart(s, h);
        assertThat(telemetry.monitor().observes(MpiFunction.MPI_SEND)).isTrue();
        r.pvarStop(s, h);
        assertThat(telemetry.monitor().observes(MpiFunction.MPI_SEND)).isFalse();
    }

    @Test
    @DisplayName(
            "Control variables answer as their descriptions say with no MPI process: qmpi4j_pcontrol_level "
                    + "MPI_T_ERR_CVAR_SET_NOT_NOW, constants and read-only ones MPI_T_ERR_CVAR_SET_NEVER, qmpi4j_tools writable")
    void controlVariablesBeforeMpiInit() {
        CvarHandle pcontrol = cvar("qmpi4j_pcontrol_level");
        assertThat(r.cvarGetInfo(r.cvarGetIndex("qmpi4j_pcontrol_level")).description())
                .contains("MPI_T_ERR_CVAR_SET_NOT_NOW before");
        int[] level = new int[1];
        r.cvarRead(pcontrol, level);
        assertThat(level[0]).isEqualTo(1);
        expect(ReturnCode.MPI_T_ERR_CVAR_SET_NOT_NOW, () -> r.cvarWrite(pcontrol, new int[] {0}));

        for (int i = 0; i < r.cvarGetNum(); i++) {
            CvarInfo info = r.cvarGetInfo(i);
            if (!info.scope().mayBeWritable()) {
                if (info.bind() != BindType.NO_OBJECT) {
                    continue; // qmpi4j_comm_world_ranks: needs a communicator, checked below
                }
                CvarHandle h = r.cvarHandleAlloc(i, null);
                expect(
                        ReturnCode.MPI_T_ERR_CVAR_SET_NEVER,
                        () -> r.cvarWrite(h, info.datatype().newBuffer(h.count())));
            }
        }
        assertThat(r.cvarGetInfo(r.cvarGetIndex("qmpi4j_toolpath")).scope()).isEqualTo(Scope.CONSTANT);
        CvarHandle toolpath = cvar("qmpi4j_toolpath");
        expect(ReturnCode.MPI_T_ERR_CVAR_SET_NEVER, () -> r.cvarWrite(toolpath, cString("/x", toolpath)));
        CvarHandle binding = cvar("qmpi4j_binding");
        expect(ReturnCode.MPI_T_ERR_CVAR_SET_NEVER, () -> r.cvarWrite(binding, cString("mpj", binding)));
        assertThat(readString(binding)).as("empty before the first MPI call").isEmpty();
        expect(
                ReturnCode.MPI_T_ERR_INVALID,
                () -> r.cvarHandleAlloc(r.cvarGetIndex("qmpi4j_comm_world_ranks"), new Object()));

        CvarHandle tools = cvar("qmpi4j_tools");
        assertThat(readString(tools)).isEmpty();
        expect(ReturnCode.SUCCESS, () -> r.cvarWrite(tools, cString("counter,send-profiler", tools)));
        assertThat(readString(tools)).isEqualTo("counter,send-profiler");
        assertThat(telemetry.settings().tools()).containsExactly("counter", "send-profiler");

        CvarHandle out = cvar("qmpi4j_output_dir");
        expect(ReturnCode.SUCCESS, () -> r.cvarWrite(out, cString("/tmp/results", out)));
        assertThat(telemetry.settings().outputDirectory()).isEqualTo("/tmp/results");
    }

    @Test
    @DisplayName("MPI_CHAR control variables: count includes the NUL and is large enough for any valid value")
    void charCounts() {
        for (int i = 0; i < r.cvarGetNum(); i++) {
            CvarInfo info = r.cvarGetInfo(i);
            if (info.datatype() != MpitDatatype.CHAR) {
                continue;
            }
            CvarHandle h = r.cvarHandleAlloc(i, null);
            assertThat(h.count()).as(info.name()).isGreaterThan(1);
            readString(h); // asserts the NUL
        }
        CvarHandle tools = cvar("qmpi4j_tools");
        String longest = "t".repeat(tools.count() - 1);
        expect(ReturnCode.SUCCESS, () -> r.cvarWrite(tools, cString(longest, tools)));
        assertThat(readString(tools)).isEqualTo(longest);
    }

    @Test
    @DisplayName("qmpi4j_mpit_max_sessions / _max_handles set the limits behind MPI_T_ERR_OUT_OF_SESSIONS and "
            + "MPI_T_ERR_OUT_OF_HANDLES; a limit below 1 is MPI_T_ERR_INVALID")
    void limitsThroughControlVariables() {
        CvarHandle sessions = cvar("qmpi4j_mpit_max_sessions");
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.cvarWrite(sessions, new int[] {0}));
        r.cvarWrite(sessions, new int[] {2});
        int[] v = new int[1];
        r.cvarRead(sessions, v);
        assertThat(v[0]).isEqualTo(2);
        r.pvarSessionCreate();
        PvarSession second = r.pvarSessionCreate();
        expect(ReturnCode.MPI_T_ERR_OUT_OF_SESSIONS, r::pvarSessionCreate);

        CvarHandle handles = cvar("qmpi4j_mpit_max_handles"); // two handles now, both of control variables
        r.cvarWrite(handles, new int[] {3});
        int pv = r.pvarGetIndex("qmpi4j_mpi_send_calls", PvarClass.COUNTER);
        r.pvarHandleAlloc(second, pv, null);
        expect(ReturnCode.MPI_T_ERR_OUT_OF_HANDLES, () -> r.pvarHandleAlloc(second, pv, null));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.cvarWrite(handles, new int[] {-5}));
    }

    @Test
    @DisplayName("\"If a performance variable has an equivalent name and has the same class across connected "
            + "processes\", its other information is identical: two processes register the same variables alike")
    void sameAcrossProcesses() {
        ProcessTelemetry other = newTelemetry();
        MpitRegistry o = other.registry();
        o.initThread(ThreadLevel.SINGLE);
        assertThat(o.pvarGetNum()).isEqualTo(r.pvarGetNum());
        assertThat(o.cvarGetNum()).isEqualTo(r.cvarGetNum());
        for (int i = 0; i < r.pvarGetNum(); i++) {
            PvarInfo a = r.pvarGetInfo(i);
            PvarInfo b = o.pvarGetInfo(i);
            assertThat(b.name()).as("same index in every process").isEqualTo(a.name());
            assertThat(b.varClass()).isEqualTo(a.varClass());
            assertThat(b.verbosity()).isEqualTo(a.verbosity());
            assertThat(b.datatype()).isEqualTo(a.datatype());
            assertThat(b.bind()).isEqualTo(a.bind());
            assertThat(b.readonly()).isEqualTo(a.readonly());
            assertThat(b.continuous()).isEqualTo(a.continuous());
            assertThat(b.atomic()).isEqualTo(a.atomic());
            assertThat(b.description()).isEqualTo(a.description());
            assertThat(b.enumType() == null).isEqualTo(a.enumType() == null);
            if (a.enumType() != null) {
                assertThat(o.enumGetInfo(b.enumType()).name())
                        .isEqualTo(r.enumGetInfo(a.enumType()).name());
                assertThat(o.enumGetInfo(b.enumType()).num())
                        .isEqualTo(r.enumGetInfo(a.enumType()).num());
            }
        }
        for (int i = 0; i < r.cvarGetNum(); i++) {
            CvarInfo a = r.cvarGetInfo(i);
            CvarInfo b = o.cvarGetInfo(i);
            assertThat(b.name()).isEqualTo(a.name());
            assertThat(b.datatype()).isEqualTo(a.datatype());
            assertThat(b.scope()).isEqualTo(a.scope());
            assertThat(b.bind()).isEqualTo(a.bind());
            assertThat(b.verbosity()).isEqualTo(a.verbosity());
            assertThat(b.description()).isEqualTo(a.description());
        }
    }
}
