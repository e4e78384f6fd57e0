package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.expect;
import static org.qmpi4j.mpit.Mpit.pvar;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Verbosity;

/**
 * MPI 4.0 Section 14.3.7 after the classes: performance variable query functions, performance
 * experiment sessions, handle allocation, start/stop, the access functions and
 * {@code MPI_T_PVAR_ALL_HANDLES}.
 */
// Not null-checked: it passes null where the text allows a null argument, and to check the code
// a null argument gets.
@SuppressWarnings("NullAway")
class Section14_3_7_SessionsAndHandlesTest {
    private final MpitRegistry r = Mpit.initialisedWithIntegerObjects();

    private long read(PvarSession s, PvarHandle h) {
        long[] v = new long[h.count()];
        r.pvarRead(s, h, v);
        return v[0];
    }

    /** Every routine that takes a session and a handle. */
    private Map<String, Mpit.Call> sessionAndHandleRoutines(PvarSession s, PvarHandle h) {
        Map<String, Mpit.Call> m = new LinkedHashMap<>();
        m.put("MPI_T_PVAR_START", () -> r.pvarStart(s, h));
        m.put("MPI_T_PVAR_STOP", () -> r.pvarStop(s, h));
        m.put("MPI_T_PVAR_READ", () -> r.pvarRead(s, h, new long[1]));
        m.put("MPI_T_PVAR_WRITE", () -> r.pvarWrite(s, h, new long[1]));
        m.put("MPI_T_PVAR_RESET", () -> r.pvarReset(s, h));
        m.put("MPI_T_PVAR_READRESET", () -> r.pvarReadReset(s, h, new long[1]));
        m.put("MPI_T_PVAR_HANDLE_FREE", () -> r.pvarHandleFree(s, h));
        return m;
    }

    // ---- query functions -----------------------------------------------------------------------

    @Test
    @DisplayName("\"indexed from 0 to N - 1\"; \"not allowed to change the index ... or to delete a variable\"; other "
            + "indices are MPI_T_ERR_INVALID_INDEX")
    void indices() {
        assertThat(r.pvarGetNum()).isZero();
        int a = Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        int b = Mpit.register(r, PvarClass.LEVEL, new FakeSource());
        assertThat(a).isZero();
        assertThat(b).isEqualTo(1);
        PvarSession s = r.pvarSessionCreate();
        for (int bad : new int[] {-1, 2, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.pvarGetInfo(bad));
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.pvarHandleAlloc(s, bad, null));
        }
    }

    @Test
    @DisplayName("\"subsequent calls ... about the same variable must return the same information\", even as variables "
            + "are added (\"allowed to increase the number of performance variables\")")
    void getInfoNeverChanges() {
        int pv = r.registerPvar(pvar("umq_length", PvarClass.LEVEL, new FakeSource())
                .verbosity(Verbosity.TUNER_BASIC)
                .datatype(MpitDatatype.UNSIGNED)
                .bind(BindType.MPI_COMM)
                .continuous(true)
                .description("Unexpected message queue length")
                .build());
        PvarInfo first = r.pvarGetInfo(pv);
        int before = r.pvarGetNum();
        for (int i = 0; i < 10; i++) {
            Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        }
        assertThat(r.pvarGetNum()).isEqualTo(before + 10);
        PvarInfo later = r.pvarGetInfo(pv);
        assertThat(later.name()).isEqualTo(first.name()).isEqualTo("umq_length");
        assertThat(later.verbosity()).isEqualTo(first.verbosity()).isEqualTo(Verbosity.TUNER_BASIC);
        assertThat(later.varClass()).isEqualTo(first.varClass()).isEqualTo(PvarClass.LEVEL);
        assertThat(later.datatype()).isEqualTo(first.datatype()).isEqualTo(MpitDatatype.UNSIGNED);
        assertThat(later.enumType()).isNull();
        assertThat(later.description()).isEqualTo(first.description());
        assertThat(later.bind()).isEqualTo(first.bind()).isEqualTo(BindType.MPI_COMM);
        assertThat(later.readonly()).isEqualTo(first.readonly()).isTrue();
        assertThat(later.continuous()).isEqualTo(first.continuous()).isTrue();
        assertThat(later.atomic()).isEqualTo(first.atomic()).isFalse();
        assertThat(r.pvarGetIndex("umq_length", PvarClass.LEVEL)).isEqualTo(pv);
    }

    @Test
    @DisplayName("\"The combination of the name and the class ... must be unique\": \"variables that belong closely "
            + "together, but have different classes, can have the same name\"")
    void nameAndClassUnique() {
        int level =
                r.registerPvar(pvar("queue", PvarClass.LEVEL, new FakeSource()).build());
        int high = r.registerPvar(
                pvar("queue", PvarClass.HIGHWATERMARK, new FakeSource()).build());
        int low = r.registerPvar(
                pvar("queue", PvarClass.LOWWATERMARK, new FakeSource()).build());
        int size =
                r.registerPvar(pvar("queue", PvarClass.SIZE, new FakeSource()).build());
        assertThat(new int[] {level, high, low, size}).doesNotHaveDuplicates();
        expect(
                ReturnCode.MPI_T_ERR_INVALID_NAME,
                () -> r.registerPvar(
                        pvar("queue", PvarClass.LEVEL, new FakeSource()).build()));
        assertThat(r.pvarGetNum()).isEqualTo(4);

        assertThat(r.pvarGetIndex("queue", PvarClass.LEVEL)).isEqualTo(level);
        assertThat(r.pvarGetIndex("queue", PvarClass.HIGHWATERMARK)).isEqualTo(high);
        assertThat(r.pvarGetIndex("queue", PvarClass.LOWWATERMARK)).isEqualTo(low);
        assertThat(r.pvarGetIndex("queue", PvarClass.SIZE)).isEqualTo(size);
        // "MPI_T_ERR_INVALID_NAME if name does not match the name of any performance variable of the specified
        // var_class"
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.pvarGetIndex("queue", PvarClass.COUNTER));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.pvarGetIndex("queu", PvarClass.LEVEL));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.pvarGetIndex(null, PvarClass.LEVEL));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.pvarGetIndex("queue", null));
        // "required to return a name of at least length one"
        assertThat(Mpit.codeOf(() -> pvar("", PvarClass.LEVEL, new FakeSource()).build()))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID_NAME);
        assertThat(r.pvarGetInfo(level).description())
                .as("no description: empty")
                .isEmpty();
    }

    // ---- sessions --------------------------------------------------------------------------------

    @Test
    @DisplayName("\"Calls ... can no longer be made within the context of a session after it is freed\": "
            + "MPI_T_ERR_INVALID_SESSION; likewise MPI_T_PVAR_SESSION_NULL and another process's session")
    void invalidSessions() {
        int pv = Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        PvarSession freed = r.pvarSessionCreate();
        PvarHandle h = r.pvarHandleAlloc(freed, pv, null);
        expect(ReturnCode.SUCCESS, () -> r.pvarSessionFree(freed));
        PvarSession foreign = Mpit.initialised().pvarSessionCreate();
        for (PvarSession bad : new PvarSession[] {freed, null, foreign, new PvarSession() {}}) {
            for (Map.Entry<String, Mpit.Call> routine :
                    sessionAndHandleRoutines(bad, h).entrySet()) {
                assertThat(Mpit.codeOf(routine.getValue()))
                        .as(routine.getKey() + " with " + bad)
                        .isEqualTo(ReturnCode.MPI_T_ERR_INVALID_SESSION);
            }
            assertThat(Mpit.codeOf(() -> r.pvarHandleAlloc(bad, pv, null)))
                    .isEqualTo(ReturnCode.MPI_T_ERR_INVALID_SESSION);
            assertThat(Mpit.codeOf(() -> r.pvarStart(bad, PvarHandle.ALL_HANDLES)))
                    .isEqualTo(ReturnCode.MPI_T_ERR_INVALID_SESSION);
            assertThat(Mpit.codeOf(() -> r.pvarSessionFree(bad))).isEqualTo(ReturnCode.MPI_T_ERR_INVALID_SESSION);
        }
    }

    @Test
    @DisplayName("MPI_T_PVAR_SESSION_FREE frees the session's handles: their variables' resources are released")
    void sessionFreeFreesHandles() {
        FakeSource events = new FakeSource();
        int pv = Mpit.register(r, PvarClass.COUNTER, events);
        int cont = r.registerPvar(
                pvar("cont", PvarClass.COUNTER, events).continuous(true).build());
        PvarSession s = r.pvarSessionCreate();
        PvarHandle started = r.pvarHandleAlloc(s, pv, null);
        r.pvarHandleAlloc(s, cont, null);
        r.pvarStart(s, started);
        assertThat(events.active).hasValue(2);
        r.pvarSessionFree(s);
        assertThat(events.active)
                .as("no handle of the freed session keeps its source busy")
                .hasValue(0);
        assertThat(events.freed).hasValue(2);
        PvarSession other = r.pvarSessionCreate();
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.pvarRead(other, started, new long[1]));
    }

    // ---- handles -----------------------------------------------------------------------------------

    @Test
    @DisplayName("\"if the handle argument passed in is not associated with the session argument, "
            + "MPI_T_ERR_INVALID_HANDLE is returned\" - and the handle is not touched")
    void handleOfAnotherSession() {
        FakeSource events = new FakeSource();
        int pv = Mpit.register(r, PvarClass.COUNTER, events);
        PvarSession mine = r.pvarSessionCreate();
        PvarSession theirs = r.pvarSessionCreate();
        PvarHandle h = r.pvarHandleAlloc(mine, pv, null);
        r.pvarStart(mine, h);
        events.add(3);
        for (Map.Entry<String, Mpit.Call> routine :
                sessionAndHandleRoutines(theirs, h).entrySet()) {
            assertThat(Mpit.codeOf(routine.getValue()))
                    .as(routine.getKey())
                    .isEqualTo(ReturnCode.MPI_T_ERR_INVALID_HANDLE);
        }
        events.add(1);
        assertThat(read(mine, h))
                .as("still started, never reset, written or freed")
                .isEqualTo(4);
    }

    @Test
    @DisplayName("Freed handles, MPI_T_PVAR_HANDLE_NULL and another process's handles answer MPI_T_ERR_INVALID_HANDLE")
    void invalidHandles() {
        FakeSource events = new FakeSource();
        int pv = Mpit.register(r, PvarClass.COUNTER, events);
        PvarSession s = r.pvarSessionCreate();
        PvarHandle freed = r.pvarHandleAlloc(s, pv, null);
        r.pvarStart(s, freed);
        expect(ReturnCode.SUCCESS, () -> r.pvarHandleFree(s, freed));
        assertThat(events.active).as("a started handle stops when freed").hasValue(0);
        MpitRegistry otherProcess = Mpit.initialised();
        int opv = Mpit.register(otherProcess, PvarClass.COUNTER, new FakeSource());
        PvarSession os = otherProcess.pvarSessionCreate();
        PvarHandle foreign = otherProcess.pvarHandleAlloc(os, opv, null);
        for (PvarHandle bad : new PvarHandle[] {freed, null, foreign, () -> 1}) {
            for (Map.Entry<String, Mpit.Call> routine :
                    sessionAndHandleRoutines(s, bad).entrySet()) {
                assertThat(Mpit.codeOf(routine.getValue()))
                        .as(routine.getKey() + " with " + bad)
                        .isEqualTo(ReturnCode.MPI_T_ERR_INVALID_HANDLE);
            }
        }
    }

    @Test
    @DisplayName(
            "Handle allocation: \"obj_handle is ignored if ... MPI_T_BIND_NO_OBJECT\"; otherwise the object \"must be "
                    + "consistent with the type returned in the bind argument\" (MPI_T_ERR_INVALID if not)")
    void handleAllocationBinding() {
        FakeSource perPeer = new FakeSource();
        int bound = r.registerPvar(pvar("per_peer", PvarClass.COUNTER, perPeer)
                .bind(BindType.MPI_COMM)
                .build());
        int global = Mpit.register(r, PvarClass.COUNTER, new FakeSource(1));
        PvarSession s = r.pvarSessionCreate();
        assertThat(r.pvarHandleAlloc(s, bound, 4).count()).isEqualTo(4);
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.pvarHandleAlloc(s, bound, null));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.pvarHandleAlloc(s, bound, "a string is no communicator"));
        assertThat(perPeer.bound).as("rejected objects never reach the source").hasValue(1);
        assertThat(r.pvarHandleAlloc(s, global, "ignored").count()).isEqualTo(1);
        assertThat(r.pvarHandleAlloc(s, global, 7).count())
                .as("ignored, so not 7 elements")
                .isEqualTo(1);
        assertThat(r.pvarHandleAlloc(s, global, null).count()).isEqualTo(1);
    }

    @Test
    @DisplayName("A source refusing the object (IllegalArgumentException) or failing: the allocation answers "
            + "MPI_T_ERR_INVALID and allocates nothing")
    void sourceRefusesObject() {
        int picky = r.registerPvar(pvar("picky", PvarClass.LEVEL, object -> {
                    throw new IllegalArgumentException("not a live communicator");
                })
                .bind(BindType.MPI_COMM)
                .build());
        PvarSession s = r.pvarSessionCreate();
        r.setMaxHandles(1);
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.pvarHandleAlloc(s, picky, 1));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.pvarHandleAlloc(s, picky, 1));
        int fine = Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        expect(ReturnCode.SUCCESS, () -> r.pvarHandleAlloc(s, fine, null));
    }

    // ---- start / stop ------------------------------------------------------------------------------

    @Test
    @DisplayName(
            "\"All other variables are in a stopped state after their handle has been allocated\"; continuous ones "
                    + "\"are continuously operating once a handle has been allocated\"")
    void stateAfterAllocation() {
        FakeSource events = new FakeSource();
        int startable = Mpit.register(r, PvarClass.COUNTER, events);
        int continuous = r.registerPvar(
                pvar("always", PvarClass.COUNTER, events).continuous(true).build());
        PvarSession s = r.pvarSessionCreate();
        PvarHandle a = r.pvarHandleAlloc(s, startable, null);
        PvarHandle b = r.pvarHandleAlloc(s, continuous, null);
        events.add(5);
        assertThat(read(s, a)).isZero();
        assertThat(read(s, b)).isEqualTo(5);
        // Starting an already started variable, or stopping a stopped one, is not an error.
        expect(ReturnCode.SUCCESS, () -> r.pvarStop(s, a));
        expect(ReturnCode.SUCCESS, () -> r.pvarStart(s, a));
        expect(ReturnCode.SUCCESS, () -> r.pvarStart(s, a));
        events.add(1);
        assertThat(read(s, a)).isEqualTo(1);
    }

    @Test
    @DisplayName("MPI_T_PVAR_ALL_HANDLES: start/stop \"returns MPI_SUCCESS ... even if there are no non-continuous "
            + "variables\"; \"Continuous variables and variables that are already started are ignored\"")
    void allHandlesStartStop() {
        FakeSource events = new FakeSource();
        PvarSession empty = r.pvarSessionCreate();
        expect(ReturnCode.SUCCESS, () -> r.pvarStart(empty, PvarHandle.ALL_HANDLES));
        expect(ReturnCode.SUCCESS, () -> r.pvarStop(empty, PvarHandle.ALL_HANDLES));
        expect(ReturnCode.SUCCESS, () -> r.pvarReset(empty, PvarHandle.ALL_HANDLES));

        int continuous = r.registerPvar(
                pvar("always", PvarClass.COUNTER, events).continuous(true).build());
        int startable = Mpit.register(r, PvarClass.COUNTER, events);
        PvarSession onlyContinuous = r.pvarSessionCreate();
        PvarHandle c = r.pvarHandleAlloc(onlyContinuous, continuous, null);
        expect(ReturnCode.SUCCESS, () -> r.pvarStart(onlyContinuous, PvarHandle.ALL_HANDLES));
        expect(ReturnCode.SUCCESS, () -> r.pvarStop(onlyContinuous, PvarHandle.ALL_HANDLES));
        events.add(2);
        assertThat(read(onlyContinuous, c))
                .as("the continuous handle was not stopped")
                .isEqualTo(2);

        PvarSession mixed = r.pvarSessionCreate();
        PvarHandle already = r.pvarHandleAlloc(mixed, startable, null);
        PvarHandle stopped = r.pvarHandleAlloc(mixed, startable, null);
        PvarHandle cont = r.pvarHandleAlloc(mixed, continuous, null);
        r.pvarStart(mixed, already);
        events.add(3);
        expect(ReturnCode.SUCCESS, () -> r.pvarStart(mixed, PvarHandle.ALL_HANDLES));
        events.add(4);
        assertThat(read(mixed, already))
                .as("already started: ignored, kept counting")
                .isEqualTo(7);
        assertThat(read(mixed, stopped)).as("started now").isEqualTo(4);
        assertThat(read(mixed, cont)).isEqualTo(7);
        expect(ReturnCode.SUCCESS, () -> r.pvarStop(mixed, PvarHandle.ALL_HANDLES));
        events.add(10);
        assertThat(read(mixed, already)).isEqualTo(7);
        assertThat(read(mixed, stopped)).isEqualTo(4);
        assertThat(read(mixed, cont)).as("continuous: ignored by stop").isEqualTo(17);
        assertThat(read(onlyContinuous, c)).isEqualTo(19);
    }

    @Test
    @DisplayName("MPI_T_PVAR_ALL_HANDLES: reset \"returns MPI_SUCCESS ... (even if there are no valid handles or all "
            + "are read-only)\"; \"Read-only variables are ignored\"")
    void allHandlesReset() {
        FakeSource events = new FakeSource();
        int writable = Mpit.register(r, PvarClass.COUNTER, events);
        int readOnly = r.registerPvar(pvar("ro", PvarClass.COUNTER, events)
                .readonly(true)
                .atomic(false)
                .build());
        PvarSession onlyReadOnly = r.pvarSessionCreate();
        PvarHandle ro1 = r.pvarHandleAlloc(onlyReadOnly, readOnly, null);
        r.pvarStart(onlyReadOnly, ro1);
        events.add(2);
        expect(ReturnCode.SUCCESS, () -> r.pvarReset(onlyReadOnly, PvarHandle.ALL_HANDLES));
        assertThat(read(onlyReadOnly, ro1)).isEqualTo(2);

        PvarSession mixed = r.pvarSessionCreate();
        PvarHandle w = r.pvarHandleAlloc(mixed, writable, null);
        PvarHandle ro = r.pvarHandleAlloc(mixed, readOnly, null);
        r.pvarStart(mixed, PvarHandle.ALL_HANDLES);
        events.add(5);
        expect(ReturnCode.SUCCESS, () -> r.pvarReset(mixed, PvarHandle.ALL_HANDLES));
        assertThat(read(mixed, w)).as("reset").isZero();
        assertThat(read(mixed, ro)).as("read-only: ignored").isEqualTo(5);
        assertThat(read(onlyReadOnly, ro1)).as("other session untouched").isEqualTo(7);
    }

    @Test
    @DisplayName(
            "\"The constant MPI_T_PVAR_ALL_HANDLES cannot be used\" with READ, WRITE, READRESET (nor HANDLE_FREE): "
                    + "MPI_T_ERR_INVALID_HANDLE")
    void allHandlesRejected() {
        int pv = Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        PvarSession s = r.pvarSessionCreate();
        PvarHandle h = r.pvarHandleAlloc(s, pv, null);
        PvarHandle all = PvarHandle.ALL_HANDLES;
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.pvarRead(s, all, new long[1]));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.pvarWrite(s, all, new long[1]));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.pvarReadReset(s, all, new long[1]));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.pvarHandleFree(s, all));
        expect(ReturnCode.SUCCESS, () -> r.pvarRead(s, h, new long[1]));
        assertThat(Mpit.codeOf(all::count)).isEqualTo(ReturnCode.MPI_T_ERR_INVALID_HANDLE);
    }

    // ---- sessions are isolated ---------------------------------------------------------------------

    @Test
    @DisplayName("\"Any call executed in a session must not influence the results in any other session\"")
    void sessionsAreIsolated() {
        FakeSource events = new FakeSource();
        FakeSource level = new FakeSource();
        int counter = Mpit.register(r, PvarClass.COUNTER, events);
        int high = Mpit.register(r, PvarClass.HIGHWATERMARK, level);
        PvarSession a = r.pvarSessionCreate();
        PvarSession b = r.pvarSessionCreate();
        PvarHandle ac = r.pvarHandleAlloc(a, counter, null);
        PvarHandle ah = r.pvarHandleAlloc(a, high, null);
        PvarHandle bc = r.pvarHandleAlloc(b, counter, null);
        PvarHandle bh = r.pvarHandleAlloc(b, high, null);
        r.pvarStart(b, PvarHandle.ALL_HANDLES);
        r.pvarStart(a, PvarHandle.ALL_HANDLES);
        long[] v = new long[1];
        long expectedCounter = 0;
        long expectedHigh = 0;
        for (int round = 0; round < 3; round++) {
            events.add(10);
            expectedCounter += 10;
            level.set(round * 7 + 3);
            expectedHigh = Math.max(expectedHigh, round * 7 + 3);
            // Everything session a can do to its handles ...
            r.pvarWrite(a, ac, new long[] {1_000_000});
            r.pvarWrite(a, ah, new long[] {1_000_000});
            r.pvarReadReset(a, ac, v);
            r.pvarReset(a, PvarHandle.ALL_HANDLES);
            r.pvarStop(a, PvarHandle.ALL_HANDLES);
            r.pvarStart(a, ac);
            // ... changes nothing in session b.
            assertThat(read(b, bc)).isEqualTo(expectedCounter);
            assertThat(read(b, bh)).isEqualTo(expectedHigh);
        }
        r.pvarHandleFree(a, ac);
        r.pvarSessionFree(a);
        events.add(1);
        level.set(100);
        assertThat(read(b, bc)).isEqualTo(expectedCounter + 1);
        assertThat(read(b, bh)).isEqualTo(100);
    }

    @Test
    @DisplayName("Example 14.6: find MPI_T_UMQ_LENGTH by name, bind to a communicator, start, read in MPI_Recv")
    void example14_6() {
        FakeSource umq = new FakeSource();
        r.registerPvar(pvar("MPI_T_UMQ_LENGTH", PvarClass.LEVEL, umq)
                .bind(BindType.MPI_COMM)
                .build());
        int index = -1;
        for (int i = 0; i < r.pvarGetNum() && index < 0; i++) {
            if (r.pvarGetInfo(i).name().equals("MPI_T_UMQ_LENGTH")) {
                index = i;
            }
        }
        assertThat(index).isGreaterThanOrEqualTo(0);
        assertThat(r.pvarGetInfo(index).varClass()).isEqualTo(PvarClass.LEVEL);
        assertThat(r.pvarGetInfo(index).bind()).isEqualTo(BindType.MPI_COMM);
        PvarSession s = r.pvarSessionCreate();
        Integer commWorld = 1;
        PvarHandle h = r.pvarHandleAlloc(s, index, commWorld);
        assertThat(h.count()).isEqualTo(1);
        r.pvarStart(s, h);
        umq.set(6);
        assertThat(read(s, h)).isGreaterThan(5);
        r.pvarHandleFree(s, h);
        r.pvarSessionFree(s);
    }
}
