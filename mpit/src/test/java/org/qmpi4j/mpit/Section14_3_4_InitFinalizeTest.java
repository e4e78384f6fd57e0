package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.expect;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Scope;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * MPI 4.0 Section 14.3.4, Initialization and Finalization: {@code MPI_T_INIT_THREAD} and
 * {@code MPI_T_FINALIZE} are reference counted, everything else needs an initialised interface,
 * and the interface works independently of MPI itself (these registries never see MPI).
 */
// Not null-checked: it passes null where the text allows a null argument, and to check the code
// a null argument gets.
@SuppressWarnings("NullAway")
class Section14_3_4_InitFinalizeTest {

    /** Every routine of the interface except init/finalize, with the given (possibly stale) arguments. */
    static Map<String, Mpit.Call> everyRoutine(MpiT r, PvarSession s, PvarHandle h, CvarHandle ch, EnumType e) {
        Map<String, Mpit.Call> m = new LinkedHashMap<>();
        m.put("MPI_T_ENUM_GET_INFO", () -> r.enumGetInfo(e));
        m.put("MPI_T_ENUM_GET_ITEM", () -> r.enumGetItem(e, 0));
        m.put("MPI_T_CVAR_GET_NUM", r::cvarGetNum);
        m.put("MPI_T_CVAR_GET_INFO", () -> r.cvarGetInfo(0));
        m.put("MPI_T_CVAR_GET_INDEX", () -> r.cvarGetIndex("cv"));
        m.put("MPI_T_CVAR_HANDLE_ALLOC", () -> r.cvarHandleAlloc(0, null));
        m.put("MPI_T_CVAR_HANDLE_FREE", () -> r.cvarHandleFree(ch));
        m.put("MPI_T_CVAR_READ", () -> r.cvarRead(ch, new int[1]));
        m.put("MPI_T_CVAR_WRITE", () -> r.cvarWrite(ch, new int[1]));
        m.put("MPI_T_PVAR_GET_NUM", r::pvarGetNum);
        m.put("MPI_T_PVAR_GET_INFO", () -> r.pvarGetInfo(0));
        m.put("MPI_T_PVAR_GET_INDEX", () -> r.pvarGetIndex("pv", PvarClass.COUNTER));
        m.put("MPI_T_PVAR_SESSION_CREATE", r::pvarSessionCreate);
        m.put("MPI_T_PVAR_SESSION_FREE", () -> r.pvarSessionFree(s));
        m.put("MPI_T_PVAR_HANDLE_ALLOC", () -> r.pvarHandleAlloc(s, 0, null));
        m.put("MPI_T_PVAR_HANDLE_FREE", () -> r.pvarHandleFree(s, h));
        m.put("MPI_T_PVAR_START", () -> r.pvarStart(s, h));
        m.put("MPI_T_PVAR_STOP", () -> r.pvarStop(s, h));
        m.put("MPI_T_PVAR_READ", () -> r.pvarRead(s, h, new long[1]));
        m.put("MPI_T_PVAR_WRITE", () -> r.pvarWrite(s, h, new long[1]));
        m.put("MPI_T_PVAR_RESET", () -> r.pvarReset(s, h));
        m.put("MPI_T_PVAR_READRESET", () -> r.pvarReadReset(s, h, new long[1]));
        m.put("MPI_T_CATEGORY_GET_NUM", r::categoryGetNum);
        m.put("MPI_T_CATEGORY_GET_INFO", () -> r.categoryGetInfo(0));
        m.put("MPI_T_CATEGORY_GET_INDEX", () -> r.categoryGetIndex("cat"));
        m.put("MPI_T_CATEGORY_GET_CVARS", () -> r.categoryGetCvars(0));
        m.put("MPI_T_CATEGORY_GET_PVARS", () -> r.categoryGetPvars(0));
        m.put("MPI_T_CATEGORY_GET_CATEGORIES", () -> r.categoryGetCategories(0));
        m.put("MPI_T_CATEGORY_CHANGED", r::categoryChanged);
        return m;
    }

    private MpitRegistry r;
    private EnumType en;

    /** A registry with one of everything, registered before initialisation (registration needs none). */
    private MpitRegistry populated() {
        r = new MpitRegistry(ObjectKinds.ANY);
        en = r.registerEnum("en", new EnumItem(0, "zero"));
        int cv = Mpit.intCvar(r, "cv", Scope.LOCAL, 1);
        int pv = r.registerPvar(
                Mpit.pvar("pv", PvarClass.COUNTER, new FakeSource()).build());
        int cat = r.registerCategory("cat", "");
        r.categoryAddCvar(cat, cv);
        r.categoryAddPvar(cat, pv);
        return r;
    }

    @Test
    @DisplayName("\"must initialize the MPI tool information interface ... before calling any other of its routines\": "
            + "every routine answers MPI_T_ERR_NOT_INITIALIZED before MPI_T_INIT_THREAD")
    void everyRoutineNeedsInitialisation() {
        populated();
        // Valid-looking arguments obtained from another, initialised registry: the state check comes first.
        MpitRegistry other = Mpit.initialised();
        PvarSession s = other.pvarSessionCreate();
        for (Map.Entry<String, Mpit.Call> routine :
                everyRoutine(r, s, null, null, en).entrySet()) {
            assertThat(Mpit.codeOf(routine.getValue()))
                    .as(routine.getKey())
                    .isEqualTo(ReturnCode.MPI_T_ERR_NOT_INITIALIZED);
        }
    }

    @Test
    @DisplayName("\"Once MPI_T_FINALIZE is called the same number of times as MPI_T_INIT_THREAD ... no longer "
            + "initialized\": every routine answers MPI_T_ERR_NOT_INITIALIZED after the last finalize, even with "
            + "sessions and handles that were valid")
    void everyRoutineFailsAfterTheLastFinalize() {
        populated();
        r.initThread(ThreadLevel.SINGLE);
        PvarSession s = r.pvarSessionCreate();
        PvarHandle h = r.pvarHandleAlloc(s, 0, null);
        CvarHandle ch = r.cvarHandleAlloc(0, null);
        r.finalizeInterface();
        for (Map.Entry<String, Mpit.Call> routine :
                everyRoutine(r, s, h, ch, en).entrySet()) {
            assertThat(Mpit.codeOf(routine.getValue()))
                    .as(routine.getKey())
                    .isEqualTo(ReturnCode.MPI_T_ERR_NOT_INITIALIZED);
        }
    }

    @Test
    @DisplayName("\"may be called as often as the corresponding MPI_T_INIT_THREAD ... Calling it more times returns "
            + "a corresponding error code\"")
    void finalizeMoreOftenThanInitFails() {
        MpitRegistry r = new MpitRegistry(ObjectKinds.ANY);
        expect(ReturnCode.MPI_T_ERR_NOT_INITIALIZED, r::finalizeInterface);
        r.initThread(ThreadLevel.SINGLE);
        expect(ReturnCode.SUCCESS, r::finalizeInterface);
        expect(ReturnCode.MPI_T_ERR_NOT_INITIALIZED, r::finalizeInterface);
        // ... and the failed call did not break the count: init/finalize still pair up.
        r.initThread(ThreadLevel.SINGLE);
        expect(ReturnCode.SUCCESS, r::pvarGetNum);
        expect(ReturnCode.SUCCESS, r::finalizeInterface);
    }

    @Test
    @DisplayName("\"has no effect beyond increasing the reference count\" and \"As long as the number of calls to "
            + "MPI_T_FINALIZE is smaller ... remains initialized\"")
    void referenceCounting() {
        MpitRegistry r = new MpitRegistry(ObjectKinds.ANY);
        int pv = Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        r.initThread(ThreadLevel.SINGLE);
        PvarSession s = r.pvarSessionCreate();
        PvarHandle h = r.pvarHandleAlloc(s, pv, null);
        r.initThread(ThreadLevel.FUNNELED);
        r.initThread(ThreadLevel.MULTIPLE);
        assertThat(r.initCount()).isEqualTo(3);

        r.finalizeInterface();
        r.finalizeInterface();
        // Still initialised once: the session and handle of the first user are untouched.
        expect(ReturnCode.SUCCESS, () -> r.pvarStart(s, h));
        expect(ReturnCode.SUCCESS, () -> r.pvarRead(s, h, new long[1]));

        r.finalizeInterface();
        expect(ReturnCode.MPI_T_ERR_NOT_INITIALIZED, r::pvarGetNum);
    }

    @Test
    @DisplayName("\"additional calls to MPI_T_INIT_THREAD after one or more calls to MPI_T_FINALIZE are permissible\" "
            + "and \"The interface can be reinitialized\"")
    void reinitialisation() {
        MpitRegistry r = new MpitRegistry(ObjectKinds.ANY);
        int pv = Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        r.initThread(ThreadLevel.SINGLE);
        r.finalizeInterface();
        expect(ReturnCode.SUCCESS, () -> r.initThread(ThreadLevel.SINGLE));
        // Variables registered before survive: indices never change.
        assertThat(r.pvarGetNum()).isEqualTo(pv + 1);
        PvarSession s = r.pvarSessionCreate();
        expect(ReturnCode.SUCCESS, () -> r.pvarHandleAlloc(s, pv, null));
    }

    @Test
    @DisplayName("Reading of the text: once the interface is no longer initialised, the sessions and handles of "
            + "that use are gone; after reinitialisation they answer INVALID_SESSION / INVALID_HANDLE")
    void staleObjectsAfterReinitialisation() {
        // The text does not say what happens to sessions and handles when the count reaches zero. qmpi4j
        // frees them (MpiT#finalizeInterface says so); a careful tool must not use them afterwards, and
        // the interface must answer a clear code rather than reuse them.
        MpitRegistry r = new MpitRegistry(ObjectKinds.ANY);
        int pv = Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        int cv = Mpit.intCvar(r, "cv", Scope.LOCAL, 7);
        r.initThread(ThreadLevel.SINGLE);
        PvarSession s = r.pvarSessionCreate();
        PvarHandle h = r.pvarHandleAlloc(s, pv, null);
        CvarHandle ch = r.cvarHandleAlloc(cv, null);
        r.finalizeInterface();
        r.initThread(ThreadLevel.SINGLE);

        expect(ReturnCode.MPI_T_ERR_INVALID_SESSION, () -> r.pvarRead(s, h, new long[1]));
        expect(ReturnCode.MPI_T_ERR_INVALID_SESSION, () -> r.pvarSessionFree(s));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.cvarRead(ch, new int[1]));
        PvarSession fresh = r.pvarSessionCreate();
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.pvarRead(fresh, h, new long[1]));
    }

    @Test
    @DisplayName("\"The call returns in provided information about the actual level of thread support\": "
            + "qmpi4j provides MPI_THREAD_MULTIPLE whatever is required; a missing level is MPI_T_ERR_INVALID")
    void threadLevels() {
        MpitRegistry r = new MpitRegistry(ObjectKinds.ANY);
        for (ThreadLevel required : ThreadLevel.values()) {
            assertThat(r.initThread(required)).isEqualTo(ThreadLevel.MULTIPLE);
        }
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.initThread(null));
        assertThat(r.initCount()).as("a failed init does not count").isEqualTo(ThreadLevel.values().length);
        assertThat(ThreadLevel.values())
                .as("the four levels of Section 12.4, in increasing order")
                .containsExactly(
                        ThreadLevel.SINGLE, ThreadLevel.FUNNELED, ThreadLevel.SERIALIZED, ThreadLevel.MULTIPLE);
    }

    @Test
    @DisplayName("MPI_T_ERR_CANNOT_INIT \"Interface not in the state to be initialized\": once the JVM shuts down; "
            + "users that initialised before keep a working interface and can finalize")
    void cannotInitDuringShutdown() {
        MpitRegistry r = new MpitRegistry(ObjectKinds.ANY);
        int pv = Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        r.initThread(ThreadLevel.SINGLE);
        PvarSession s = r.pvarSessionCreate();
        r.beginShutdown();
        expect(ReturnCode.MPI_T_ERR_CANNOT_INIT, () -> r.initThread(ThreadLevel.SINGLE));
        expect(ReturnCode.SUCCESS, () -> r.pvarHandleAlloc(s, pv, null));
        expect(ReturnCode.SUCCESS, r::finalizeInterface);
        expect(ReturnCode.MPI_T_ERR_CANNOT_INIT, () -> r.initThread(ThreadLevel.SINGLE));
        expect(ReturnCode.MPI_T_ERR_NOT_INITIALIZED, r::pvarGetNum);
    }

    @Test
    @DisplayName("\"the routines of this interface can be called before MPI_INIT ... and after MPI_FINALIZE\": "
            + "a full performance experiment with no MPI at all")
    void worksWithoutMpi() {
        MpitRegistry r = new MpitRegistry(ObjectKinds.ANY);
        FakeSource events = new FakeSource();
        int pv = Mpit.register(r, PvarClass.COUNTER, events);
        r.initThread(ThreadLevel.SINGLE);
        PvarSession s = r.pvarSessionCreate();
        PvarHandle h = r.pvarHandleAlloc(s, pv, null);
        r.pvarStart(s, h);
        events.add(5);
        long[] v = new long[1];
        r.pvarRead(s, h, v);
        assertThat(v[0]).isEqualTo(5);
        r.pvarHandleFree(s, h);
        r.pvarSessionFree(s);
        r.finalizeInterface();
    }
}
