package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.expect;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.EventType;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.SourceOrder;

/**
 * MPI 4.1 Section 15.3.8, Callback Function Management (MPI_T_EVENT_REGISTER_CALLBACK,
 * _CALLBACK_SET_INFO, _CALLBACK_GET_INFO), and every event routine's MPI_T_ERR_NOT_INITIALIZED.
 */
// Not null-checked: it passes null where the text allows a null argument, and to check the code
// a null argument gets.
@SuppressWarnings("NullAway")
class Section15_3_8_CallbackManagementTest {
    private final MpitRegistry r = Mpit.initialised();

    @Test
    @DisplayName(
            "one callback per level: registering again replaces it, null removes it; a null level is MPI_T_ERR_INVALID")
    void oneCallbackPerLevel() {
        EventType t = Events.oneInt(r, 0);
        EventRegistration g = r.eventHandleAlloc(t.index(), null, null);
        List<String> ran = new CopyOnWriteArrayList<>();
        r.eventRegisterCallback(g, CallbackSafety.NONE, null, (i, reg, s) -> ran.add("first"));
        r.eventRegisterCallback(g, CallbackSafety.NONE, null, (i, reg, s) -> ran.add("second"));
        t.raise(CallbackSafety.NONE, null, 1);
        r.eventRegisterCallback(g, CallbackSafety.NONE, null, null);
        t.raise(CallbackSafety.NONE, null, 2);
        assertThat(ran).containsExactly("second");
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventRegisterCallback(g, null, null, (i, reg, s) -> {}));
    }

    @Test
    @DisplayName(
            "callback hints: set and get per level; a level without a callback or a null level is MPI_T_ERR_INVALID")
    void callbackInfo() {
        EventType t = Events.oneInt(r, 0);
        EventRegistration g = r.eventHandleAlloc(t.index(), null, null);
        Map<String, String> hints = new LinkedHashMap<>();
        hints.put("k", "v");
        r.eventRegisterCallback(g, CallbackSafety.THREAD_SAFE, hints, (i, reg, s) -> {});
        hints.put("k", "changed later"); // the registration kept a copy
        assertThat(r.eventCallbackGetInfo(g, CallbackSafety.THREAD_SAFE)).containsExactly(Map.entry("k", "v"));
        r.eventCallbackSetInfo(g, CallbackSafety.THREAD_SAFE, Map.of("k2", "v2"));
        assertThat(r.eventCallbackGetInfo(g, CallbackSafety.THREAD_SAFE)).containsExactly(Map.entry("k2", "v2"));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventCallbackGetInfo(g, CallbackSafety.NONE));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventCallbackSetInfo(g, CallbackSafety.NONE, null));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventCallbackGetInfo(g, null));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventCallbackSetInfo(g, null, null));
    }

    @Test
    @DisplayName(
            "every event routine answers MPI_T_ERR_NOT_INITIALIZED before MPI_T_INIT_THREAD and after the last MPI_T_FINALIZE")
    void everyEventRoutineNeedsInitialisation() {
        MpitRegistry fresh = new MpitRegistry(ObjectKinds.ANY);
        // registration works without initialisation, like variables'
        EventType t = Events.oneInt(fresh, 0);
        fresh.registerSource("s_uninit", "", SourceOrder.ORDERED);
        fresh.categoryAddEvent(fresh.registerCategory("c_uninit", ""), t.index());
        fresh.initThread(org.qmpi4j.api.mpit.ThreadLevel.SINGLE);
        EventRegistration g = fresh.eventHandleAlloc(t.index(), null, null);
        Events.Recorder rec = Events.record(fresh, t, CallbackSafety.NONE);
        t.raise(CallbackSafety.NONE, null, 1);
        fresh.finalizeInterface();
        for (MpitRegistry reg : new MpitRegistry[] {fresh, new MpitRegistry(ObjectKinds.ANY)}) {
            Map<String, Mpit.Call> routines = new LinkedHashMap<>();
            routines.put("sourceGetNum", reg::sourceGetNum);
            routines.put("sourceGetInfo", () -> reg.sourceGetInfo(0));
            routines.put("sourceGetTimestamp", () -> reg.sourceGetTimestamp(0));
            routines.put("eventGetNum", reg::eventGetNum);
            routines.put("eventGetInfo", () -> reg.eventGetInfo(0));
            routines.put("eventGetIndex", () -> reg.eventGetIndex("x"));
            routines.put("eventHandleAlloc", () -> reg.eventHandleAlloc(0, null, null));
            routines.put("eventHandleSetInfo", () -> reg.eventHandleSetInfo(g, null));
            routines.put("eventHandleGetInfo", () -> reg.eventHandleGetInfo(g));
            routines.put("eventHandleFree", () -> reg.eventHandleFree(g, null));
            routines.put(
                    "eventRegisterCallback",
                    () -> reg.eventRegisterCallback(g, CallbackSafety.NONE, null, (i, x, s) -> {}));
            routines.put("eventCallbackSetInfo", () -> reg.eventCallbackSetInfo(g, CallbackSafety.NONE, null));
            routines.put("eventCallbackGetInfo", () -> reg.eventCallbackGetInfo(g, CallbackSafety.NONE));
            routines.put("eventRead", () -> reg.eventRead(rec.instances.get(0), 0, new int[1]));
            routines.put("eventCopy", () -> reg.eventCopy(rec.instances.get(0), ByteBuffer.allocate(64)));
            routines.put("eventGetTimestamp", () -> reg.eventGetTimestamp(rec.instances.get(0)));
            routines.put("eventGetSource", () -> reg.eventGetSource(rec.instances.get(0)));
            routines.put("eventSetDroppedHandler", () -> reg.eventSetDroppedHandler(g, null));
            routines.put("categoryGetNumEvents", () -> reg.categoryGetNumEvents(0));
            routines.put("categoryGetEvents", () -> reg.categoryGetEvents(0));
            for (Map.Entry<String, Mpit.Call> routine : routines.entrySet()) {
                assertThat(Mpit.codeOf(routine.getValue()))
                        .as(routine.getKey())
                        .isEqualTo(ReturnCode.MPI_T_ERR_NOT_INITIALIZED);
            }
        }
    }
}
