package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.qmpi4j.mpit.Mpit.expect;
import static org.qmpi4j.mpit.Mpit.pvar;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Scope;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * MPI 4.0 Section 14.3.9 and Table 14.5: the return codes, their values, and each code reached in
 * the routines the table lists it for. Every error leaves the interface working ("unsuccessful
 * calls ... are not fatal and do not impact the execution of subsequent MPI routines").
 */
// Not null-checked: it passes null where the text allows a null argument, and to check the code
// a null argument gets.
@SuppressWarnings("NullAway")
class Section14_3_9_ReturnCodesTest {
    /** Table 14.5, with the values of Open MPI 4.1's mpi.h (so a code printed in Java means the same as in C). */
    private static final Map<String, Integer> TABLE_14_5 = new LinkedHashMap<>();

    static {
        TABLE_14_5.put("SUCCESS", 0);
        TABLE_14_5.put("MPI_T_ERR_INVALID", 72);
        TABLE_14_5.put("MPI_T_ERR_MEMORY", 54);
        TABLE_14_5.put("MPI_T_ERR_NOT_INITIALIZED", 55);
        TABLE_14_5.put("MPI_T_ERR_CANNOT_INIT", 56);
        TABLE_14_5.put("MPI_T_ERR_INVALID_INDEX", 57);
        TABLE_14_5.put("MPI_T_ERR_INVALID_ITEM", 58);
        TABLE_14_5.put("MPI_T_ERR_INVALID_NAME", 73);
        TABLE_14_5.put("MPI_T_ERR_INVALID_HANDLE", 59);
        TABLE_14_5.put("MPI_T_ERR_OUT_OF_HANDLES", 60);
        TABLE_14_5.put("MPI_T_ERR_OUT_OF_SESSIONS", 61);
        TABLE_14_5.put("MPI_T_ERR_INVALID_SESSION", 62);
        TABLE_14_5.put("MPI_T_ERR_CVAR_SET_NOT_NOW", 63);
        TABLE_14_5.put("MPI_T_ERR_CVAR_SET_NEVER", 64);
        TABLE_14_5.put("MPI_T_ERR_PVAR_NO_STARTSTOP", 65);
        TABLE_14_5.put("MPI_T_ERR_PVAR_NO_WRITE", 66);
        TABLE_14_5.put("MPI_T_ERR_PVAR_NO_ATOMIC", 67);
    }

    @Test
    @DisplayName(
            "\"All error codes with the prefix MPI_T_ must be unique values\" and \"0 = MPI_SUCCESS < MPI_T_ERR_... "
                    + "<= MPI_ERR_LASTCODE\"; exactly the codes of Table 14.5")
    void valuesAreUniqueAndInRange() {
        assertThat(Arrays.stream(ReturnCode.values()).map(Enum::name).collect(Collectors.toList()))
                .containsExactlyInAnyOrderElementsOf(TABLE_14_5.keySet());
        Set<Integer> values = new HashSet<>();
        for (ReturnCode c : ReturnCode.values()) {
            assertThat(values.add(c.value())).as("unique value of " + c).isTrue();
            if (c == ReturnCode.SUCCESS) {
                assertThat(c.value()).isZero();
            } else {
                assertThat(c.value()).as(c.name()).isGreaterThan(0).isLessThanOrEqualTo(ReturnCode.MPI_ERR_LASTCODE);
            }
            assertThat(c.value()).as(c + " as in Open MPI 4.1's mpi.h").isEqualTo(TABLE_14_5.get(c.name()));
        }
        assertThat(ReturnCode.MPI_ERR_LASTCODE).isEqualTo(92);
    }

    @Test
    @DisplayName("An MpitException always carries an error: SUCCESS is not one")
    void successIsNoException() {
        assertThatThrownBy(() -> new MpitException(ReturnCode.SUCCESS, "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new MpitException(ReturnCode.MPI_T_ERR_INVALID, "bad").code())
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
    }

    /** A registry with one variable of each kind the scenarios need. */
    private static final class World {
        final MpitRegistry r = Mpit.initialisedWithIntegerObjects();
        final FakeSource events = new FakeSource();
        final int counter =
                r.registerPvar(pvar("counter", PvarClass.COUNTER, events).build());
        final int continuous = r.registerPvar(
                pvar("cont", PvarClass.COUNTER, events).continuous(true).build());
        final int readOnly = r.registerPvar(pvar("ro", PvarClass.COUNTER, events)
                .readonly(true)
                .atomic(false)
                .build());
        final int huge = r.registerPvar(pvar("huge", PvarClass.COUNTER, new FakeSource(Integer.MAX_VALUE))
                .build());
        final int bound = r.registerPvar(pvar("bound", PvarClass.LEVEL, new FakeSource())
                .bind(BindType.MPI_COMM)
                .build());
        final int setting = Mpit.intCvar(r, "setting", Scope.LOCAL, 1);
        final int constant = Mpit.intCvar(r, "constant", Scope.CONSTANT, 1);
        final int category = r.registerCategory("cat", "");
        final EnumType en = r.registerEnum("en", new EnumItem(0, "only"));
        PvarSession s = r.pvarSessionCreate();
        PvarHandle h = r.pvarHandleAlloc(s, counter, null);

        /** The interface still works: queries, a session and a handle. */
        void stillWorks() {
            expect(ReturnCode.SUCCESS, r::pvarGetNum);
            PvarSession fresh = r.pvarSessionCreate();
            PvarHandle fh = r.pvarHandleAlloc(fresh, counter, null);
            r.pvarStart(fresh, fh);
            r.pvarRead(fresh, fh, new long[1]);
            r.pvarSessionFree(fresh);
            expect(ReturnCode.SUCCESS, () -> r.pvarRead(s, h, new long[1]));
        }
    }

    /** For each code: the routines of Table 14.5 that answer it, each in a situation where the text says so. */
    private static Map<ReturnCode, List<Scenario>> scenarios() {
        Map<ReturnCode, List<Scenario>> m = new EnumMap<>(ReturnCode.class);
        add(m, ReturnCode.SUCCESS, "MPI_T_PVAR_READ of a valid handle", w -> w.r.pvarRead(w.s, w.h, new long[1]));
        add(m, ReturnCode.MPI_T_ERR_INVALID, "MPI_T_INIT_THREAD without a level", w -> w.r.initThread(null));
        add(
                m,
                ReturnCode.MPI_T_ERR_INVALID,
                "MPI_T_PVAR_HANDLE_ALLOC with an object of the wrong kind",
                w -> w.r.pvarHandleAlloc(w.s, w.bound, "not a communicator"));
        add(
                m,
                ReturnCode.MPI_T_ERR_INVALID,
                "MPI_T_PVAR_READ into a buffer of the wrong type",
                w -> w.r.pvarRead(w.s, w.h, new double[1]));
        add(
                m,
                ReturnCode.MPI_T_ERR_MEMORY,
                "MPI_T_PVAR_HANDLE_ALLOC of a variable with 2^31-1 elements "
                        + "(\"Requested array size exceeds VM limit\")",
                w -> w.r.pvarHandleAlloc(w.s, w.huge, null));
        add(
                m,
                ReturnCode.MPI_T_ERR_MEMORY,
                "MPI_T_CVAR_HANDLE_ALLOC when the variable's cell runs out of memory",
                w -> {
                    int cv = w.r.registerCvar(CvarDefinition.builder(Mpit.name("oom"), MpitDatatype.INT)
                            .source(object -> {
                                throw new OutOfMemoryError("Java heap space");
                            })
                            .build());
                    w.r.cvarHandleAlloc(cv, null);
                });
        add(
                m,
                ReturnCode.MPI_T_ERR_MEMORY,
                "MPI_T_PVAR_HANDLE_ALLOC when the variable's cell runs out of memory",
                w -> {
                    int pv = w.r.registerPvar(pvar(Mpit.name("oom"), PvarClass.COUNTER, object -> {
                                throw new OutOfMemoryError("Java heap space");
                            })
                            .build());
                    w.r.pvarHandleAlloc(w.s, pv, null);
                });
        add(m, ReturnCode.MPI_T_ERR_NOT_INITIALIZED, "MPI_T_FINALIZE once more than MPI_T_INIT_THREAD", w -> {
            w.r.finalizeInterface();
            try {
                w.r.finalizeInterface();
            } finally {
                // For stillWorks(): the world's session went with the last finalize.
                w.r.initThread(ThreadLevel.SINGLE);
                w.s = w.r.pvarSessionCreate();
                w.h = w.r.pvarHandleAlloc(w.s, w.counter, null);
            }
        });
        add(m, ReturnCode.MPI_T_ERR_CANNOT_INIT, "MPI_T_INIT_THREAD while the JVM shuts down", w -> {
            w.r.beginShutdown();
            w.r.initThread(ThreadLevel.SINGLE);
        });
        add(
                m,
                ReturnCode.MPI_T_ERR_INVALID_INDEX,
                "MPI_T_ENUM_GET_INFO of MPI_T_ENUM_NULL",
                w -> w.r.enumGetInfo(null));
        add(
                m,
                ReturnCode.MPI_T_ERR_INVALID_INDEX,
                "MPI_T_ENUM_GET_ITEM of MPI_T_ENUM_NULL",
                w -> w.r.enumGetItem(null, 0));
        add(m, ReturnCode.MPI_T_ERR_INVALID_INDEX, "MPI_T_CVAR_GET_INFO", w -> w.r.cvarGetInfo(-1));
        add(m, ReturnCode.MPI_T_ERR_INVALID_INDEX, "MPI_T_PVAR_GET_INFO", w -> w.r.pvarGetInfo(w.r.pvarGetNum()));
        add(m, ReturnCode.MPI_T_ERR_INVALID_INDEX, "MPI_T_CVAR_HANDLE_ALLOC", w -> w.r.cvarHandleAlloc(99, null));
        add(m, ReturnCode.MPI_T_ERR_INVALID_INDEX, "MPI_T_PVAR_HANDLE_ALLOC", w -> w.r.pvarHandleAlloc(w.s, 99, null));
        add(m, ReturnCode.MPI_T_ERR_INVALID_INDEX, "MPI_T_CATEGORY_GET_INFO", w -> w.r.categoryGetInfo(7));
        add(m, ReturnCode.MPI_T_ERR_INVALID_INDEX, "MPI_T_CATEGORY_GET_CVARS", w -> w.r.categoryGetCvars(7));
        add(m, ReturnCode.MPI_T_ERR_INVALID_INDEX, "MPI_T_CATEGORY_GET_PVARS", w -> w.r.categoryGetPvars(7));
        add(m, ReturnCode.MPI_T_ERR_INVALID_INDEX, "MPI_T_CATEGORY_GET_CATEGORIES", w -> w.r.categoryGetCategories(7));
        add(
                m,
                ReturnCode.MPI_T_ERR_INVALID_ITEM,
                "MPI_T_ENUM_GET_ITEM past the last item",
                w -> w.r.enumGetItem(w.en, 1));
        add(m, ReturnCode.MPI_T_ERR_INVALID_NAME, "MPI_T_CVAR_GET_INDEX", w -> w.r.cvarGetIndex("nope"));
        add(
                m,
                ReturnCode.MPI_T_ERR_INVALID_NAME,
                "MPI_T_PVAR_GET_INDEX",
                w -> w.r.pvarGetIndex("nope", PvarClass.LEVEL));
        add(m, ReturnCode.MPI_T_ERR_INVALID_NAME, "MPI_T_CATEGORY_GET_INDEX", w -> w.r.categoryGetIndex("nope"));
        add(m, ReturnCode.MPI_T_ERR_INVALID_HANDLE, "MPI_T_CVAR_HANDLE_FREE twice", w -> {
            CvarHandle ch = w.r.cvarHandleAlloc(w.setting, null);
            w.r.cvarHandleFree(ch);
            w.r.cvarHandleFree(ch);
        });
        add(
                m,
                ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                "MPI_T_CVAR_READ of MPI_T_CVAR_HANDLE_NULL",
                w -> w.r.cvarRead(null, new int[1]));
        add(
                m,
                ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                "MPI_T_CVAR_WRITE of MPI_T_CVAR_HANDLE_NULL",
                w -> w.r.cvarWrite(null, new int[1]));
        add(
                m,
                ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                "MPI_T_PVAR_HANDLE_FREE of MPI_T_PVAR_ALL_HANDLES",
                w -> w.r.pvarHandleFree(w.s, PvarHandle.ALL_HANDLES));
        add(
                m,
                ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                "MPI_T_PVAR_START with a handle of another session",
                w -> w.r.pvarStart(w.r.pvarSessionCreate(), w.h));
        add(m, ReturnCode.MPI_T_ERR_OUT_OF_HANDLES, "MPI_T_PVAR_HANDLE_ALLOC past the limit", w -> {
            w.r.setMaxHandles(2); // the scenario's handle and this one
            w.r.pvarHandleAlloc(w.s, w.counter, null);
            try {
                w.r.pvarHandleAlloc(w.s, w.counter, null);
            } finally {
                w.r.setMaxHandles(MpitRegistry.DEFAULT_MAX_HANDLES);
            }
        });
        add(
                m,
                ReturnCode.MPI_T_ERR_OUT_OF_HANDLES,
                "MPI_T_CVAR_HANDLE_ALLOC past the limit (shared with pvar handles)",
                w -> {
                    w.r.setMaxHandles(1); // the scenario's pvar handle
                    try {
                        w.r.cvarHandleAlloc(w.setting, null);
                    } finally {
                        w.r.setMaxHandles(MpitRegistry.DEFAULT_MAX_HANDLES);
                    }
                });
        add(m, ReturnCode.MPI_T_ERR_OUT_OF_SESSIONS, "MPI_T_PVAR_SESSION_CREATE past the limit", w -> {
            w.r.setMaxSessions(1); // the scenario's session
            try {
                w.r.pvarSessionCreate();
            } finally {
                w.r.setMaxSessions(MpitRegistry.DEFAULT_MAX_SESSIONS);
            }
        });
        add(m, ReturnCode.MPI_T_ERR_INVALID_SESSION, "MPI_T_PVAR_SESSION_FREE twice", w -> {
            PvarSession fresh = w.r.pvarSessionCreate();
            w.r.pvarSessionFree(fresh);
            w.r.pvarSessionFree(fresh);
        });
        add(
                m,
                ReturnCode.MPI_T_ERR_INVALID_SESSION,
                "MPI_T_PVAR_READ with MPI_T_PVAR_SESSION_NULL",
                w -> w.r.pvarRead(null, w.h, new long[1]));
        add(m, ReturnCode.MPI_T_ERR_CVAR_SET_NOT_NOW, "MPI_T_CVAR_WRITE of a variable that may be set later", w -> {
            int cv = w.r.registerCvar(CvarDefinition.builder(Mpit.name("later"), MpitDatatype.INT)
                    .source(org.qmpi4j.api.mpit.CvarSources.intValue(() -> 0, v -> {
                        throw new MpitException(ReturnCode.MPI_T_ERR_CVAR_SET_NOT_NOW, "after MPI_Init");
                    }))
                    .build());
            w.r.cvarWrite(w.r.cvarHandleAlloc(cv, null), new int[1]);
        });
        add(
                m,
                ReturnCode.MPI_T_ERR_CVAR_SET_NEVER,
                "MPI_T_CVAR_WRITE of a constant",
                w -> w.r.cvarWrite(w.r.cvarHandleAlloc(w.constant, null), new int[1]));
        add(
                m,
                ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP,
                "MPI_T_PVAR_START of a continuous variable",
                w -> w.r.pvarStart(w.s, w.r.pvarHandleAlloc(w.s, w.continuous, null)));
        add(
                m,
                ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP,
                "MPI_T_PVAR_STOP of a continuous variable",
                w -> w.r.pvarStop(w.s, w.r.pvarHandleAlloc(w.s, w.continuous, null)));
        add(
                m,
                ReturnCode.MPI_T_ERR_PVAR_NO_WRITE,
                "MPI_T_PVAR_WRITE of a read-only variable",
                w -> w.r.pvarWrite(w.s, w.r.pvarHandleAlloc(w.s, w.readOnly, null), new long[1]));
        add(
                m,
                ReturnCode.MPI_T_ERR_PVAR_NO_WRITE,
                "MPI_T_PVAR_RESET of a read-only variable",
                w -> w.r.pvarReset(w.s, w.r.pvarHandleAlloc(w.s, w.readOnly, null)));
        add(
                m,
                ReturnCode.MPI_T_ERR_PVAR_NO_ATOMIC,
                "MPI_T_PVAR_READRESET of a non-atomic variable",
                w -> w.r.pvarReadReset(w.s, w.r.pvarHandleAlloc(w.s, w.readOnly, null), new long[1]));
        return m;
    }

    private interface Step {
        void run(World w);
    }

    private static final class Scenario {
        final String what;
        final Step step;

        Scenario(String what, Step step) {
            this.what = what;
            this.step = step;
        }
    }

    private static void add(Map<ReturnCode, List<Scenario>> m, ReturnCode code, String what, Step step) {
        m.computeIfAbsent(code, c -> new ArrayList<>()).add(new Scenario(what, step));
    }

    @Test
    @DisplayName("Every code of Table 14.5 is reachable")
    void everyCodeIsReachable() {
        assertThat(scenarios().keySet()).containsExactlyInAnyOrder(ReturnCode.values());
    }

    @TestFactory
    @DisplayName("Each code where Table 14.5 lists it; the interface works on afterwards")
    Stream<DynamicTest> eachCodeWhereTheTableListsIt() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Map.Entry<ReturnCode, List<Scenario>> e : scenarios().entrySet()) {
            for (Scenario sc : e.getValue()) {
                tests.add(DynamicTest.dynamicTest(e.getKey() + ": " + sc.what, () -> {
                    World w = new World();
                    expect(e.getKey(), () -> sc.step.run(w));
                    if (e.getKey() != ReturnCode.MPI_T_ERR_CANNOT_INIT) {
                        w.stillWorks();
                    } else {
                        expect(ReturnCode.SUCCESS, w.r::pvarGetNum); // still initialised by the first user
                    }
                }));
            }
        }
        return tests.stream();
    }

    @Test
    @DisplayName("MPI_T_ERR_MEMORY leaks nothing: the failed allocation does not count against the handle limit")
    void memoryFailureLeaksNoHandle() {
        World w = new World();
        w.r.setMaxHandles(2);
        for (int i = 0; i < 5; i++) {
            expect(ReturnCode.MPI_T_ERR_MEMORY, () -> w.r.pvarHandleAlloc(w.s, w.huge, null));
        }
        expect(ReturnCode.SUCCESS, () -> w.r.pvarHandleAlloc(w.s, w.counter, null));
        expect(ReturnCode.MPI_T_ERR_OUT_OF_HANDLES, () -> w.r.pvarHandleAlloc(w.s, w.counter, null));
    }

    @Test
    @DisplayName("MPI_T_ERR_OUT_OF_SESSIONS / _OUT_OF_HANDLES are about resources now: freeing makes room again")
    void limitsFollowFrees() {
        World w = new World();
        w.r.setMaxSessions(2);
        PvarSession second = w.r.pvarSessionCreate();
        expect(ReturnCode.MPI_T_ERR_OUT_OF_SESSIONS, w.r::pvarSessionCreate);
        w.r.pvarSessionFree(second);
        expect(ReturnCode.SUCCESS, w.r::pvarSessionCreate);

        w.r.setMaxHandles(3);
        PvarHandle a = w.r.pvarHandleAlloc(w.s, w.counter, null);
        CvarHandle c = w.r.cvarHandleAlloc(w.setting, null);
        expect(ReturnCode.MPI_T_ERR_OUT_OF_HANDLES, () -> w.r.pvarHandleAlloc(w.s, w.counter, null));
        expect(ReturnCode.MPI_T_ERR_OUT_OF_HANDLES, () -> w.r.cvarHandleAlloc(w.setting, null));
        w.r.cvarHandleFree(c);
        expect(ReturnCode.SUCCESS, () -> w.r.pvarHandleAlloc(w.s, w.counter, null));
        w.r.pvarHandleFree(w.s, a);
        expect(ReturnCode.SUCCESS, () -> w.r.cvarHandleAlloc(w.setting, null));
        // Freeing a session frees its handles: all but the cvar handle come back.
        w.r.pvarSessionFree(w.s);
        PvarSession fresh = w.r.pvarSessionCreate();
        expect(ReturnCode.SUCCESS, () -> w.r.pvarHandleAlloc(fresh, w.counter, null));
        expect(ReturnCode.SUCCESS, () -> w.r.pvarHandleAlloc(fresh, w.counter, null));
        expect(ReturnCode.MPI_T_ERR_OUT_OF_HANDLES, () -> w.r.pvarHandleAlloc(fresh, w.counter, null));
        assertThat(Mpit.codeOf(() -> w.r.setMaxHandles(0))).isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
        assertThat(Mpit.codeOf(() -> w.r.setMaxSessions(0))).isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
    }
}
