package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.EventType;

/** MPI 4.1 Section 15.3.8, Callback Safety Requirements. */
class Section15_3_8_CallbackSafetyTest {
    private final MpitRegistry r = Mpit.initialised();

    @Test
    @DisplayName(
            "the levels are ordered NONE < MPI_RESTRICTED < THREAD_SAFE < ASYNC_SIGNAL_SAFE; a level satisfies itself and lower ones")
    void levelsAreOrdered() {
        CallbackSafety[] levels = CallbackSafety.values();
        assertThat(levels)
                .containsExactly(
                        CallbackSafety.NONE,
                        CallbackSafety.MPI_RESTRICTED,
                        CallbackSafety.THREAD_SAFE,
                        CallbackSafety.ASYNC_SIGNAL_SAFE);
        for (CallbackSafety registered : levels) {
            for (CallbackSafety required : levels) {
                assertThat(registered.satisfies(required)).isEqualTo(registered.ordinal() >= required.ordinal());
            }
        }
    }

    @Test
    @DisplayName("a callback runs only where the required level is at most its own; of those, the lowest level's runs")
    void theLeastRestrictedAllowedCallbackRuns() {
        EventType t = Events.oneInt(r, 0);
        EventRegistration reg = r.eventHandleAlloc(t.index(), null, null);
        List<String> ran = new CopyOnWriteArrayList<>();
        r.eventRegisterCallback(reg, CallbackSafety.NONE, null, (i, g, s) -> ran.add("NONE@" + s));
        r.eventRegisterCallback(reg, CallbackSafety.THREAD_SAFE, null, (i, g, s) -> ran.add("THREAD_SAFE@" + s));

        t.raise(CallbackSafety.NONE, null, 1);
        t.raise(CallbackSafety.MPI_RESTRICTED, null, 2);
        t.raise(CallbackSafety.THREAD_SAFE, null, 3);
        t.raise(CallbackSafety.ASYNC_SIGNAL_SAFE, null, 4); // no callback is safe enough: dropped

        assertThat(ran).containsExactly("NONE@NONE", "THREAD_SAFE@MPI_RESTRICTED", "THREAD_SAFE@THREAD_SAFE");
    }

    @Test
    @DisplayName("a callback registered for NONE never runs in a restricted context (the agent raises at THREAD_SAFE)")
    void unrestrictedCallbacksStayOutOfRestrictedContexts() {
        EventType t = Events.oneInt(r, 0);
        Events.Recorder none = Events.record(r, t, CallbackSafety.NONE);
        for (CallbackSafety required : new CallbackSafety[] {
            CallbackSafety.MPI_RESTRICTED, CallbackSafety.THREAD_SAFE, CallbackSafety.ASYNC_SIGNAL_SAFE
        }) {
            t.raise(required, null, 1);
        }
        assertThat(none.values).isEmpty();
        Events.Recorder safe = Events.record(r, t, CallbackSafety.ASYNC_SIGNAL_SAFE);
        t.raise(CallbackSafety.ASYNC_SIGNAL_SAFE, null, 7);
        assertThat(safe.values).containsExactly(7);
        assertThat(safe.levels).containsExactly(CallbackSafety.ASYNC_SIGNAL_SAFE);
    }
}
