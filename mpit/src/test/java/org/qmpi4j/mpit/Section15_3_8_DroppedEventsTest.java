package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.EventType;

/**
 * MPI 4.1 Section 15.3.8, Dropped Events (MPI_T_EVENT_SET_DROPPED_HANDLER), and callbacks that
 * throw: contained like a tool handler's fault.
 */
class Section15_3_8_DroppedEventsTest {
    private final MpitRegistry r = Mpit.initialised();

    @Test
    @DisplayName(
            "events raised while the registration's callback runs are dropped, counted, and reported with their number when it returns")
    void reentrantEventsAreDroppedAndReported() {
        EventType t = Events.oneInt(r, 0);
        EventRegistration g = r.eventHandleAlloc(t.index(), null, null);
        List<Integer> seen = new CopyOnWriteArrayList<>();
        List<String> dropped = new CopyOnWriteArrayList<>();
        r.eventRegisterCallback(g, CallbackSafety.NONE, null, (i, reg, s) -> {
            int[] v = new int[1];
            r.eventRead(i, 0, v);
            seen.add(v[0]);
            if (v[0] == 1) {
                for (int k = 0; k < 3; k++) {
                    t.raise(CallbackSafety.NONE, null, 100 + k); // this callback still runs: dropped
                }
            }
        });
        r.eventSetDroppedHandler(g, (count, reg, source, level) -> dropped.add(count + "@" + source + "/" + level));
        t.raise(CallbackSafety.NONE, null, 1);
        assertThat(seen).containsExactly(1);
        assertThat(dropped).containsExactly("3@0/NONE");
        t.raise(CallbackSafety.NONE, null, 2);
        assertThat(dropped).hasSize(1); // nothing new to report
    }

    @Test
    @DisplayName(
            "events no callback may take (no callback of an allowed level) are dropped; drops before a handler exists reach it later")
    void undeliverableEventsAreCountedUntilAHandlerHearsThem() {
        EventType t = Events.oneInt(r, 0);
        EventRegistration g = r.eventHandleAlloc(t.index(), null, null);
        r.eventRegisterCallback(g, CallbackSafety.NONE, null, (i, reg, s) -> {});
        for (int k = 0; k < 5; k++) {
            t.raise(CallbackSafety.THREAD_SAFE, null, k); // NONE callback may not run here
        }
        List<Long> counts = new CopyOnWriteArrayList<>();
        r.eventSetDroppedHandler(g, (count, reg, source, level) -> counts.add(count));
        t.raise(CallbackSafety.THREAD_SAFE, null, 5);
        assertThat(counts).containsExactly(6L);
        r.eventSetDroppedHandler(g, null);
        t.raise(CallbackSafety.THREAD_SAFE, null, 6);
        assertThat(counts).containsExactly(6L);
    }

    @Test
    @DisplayName(
            "a callback that throws is contained: counted, reported once through the log, other registrations still served")
    void throwingCallbacksAreContained() {
        List<String> lines = new CopyOnWriteArrayList<>();
        r.reportEventFaultsTo(Log.lines(lines::add, "qmpi4j:"));
        EventType t = Events.oneInt(r, 0);
        EventRegistration bad = r.eventHandleAlloc(t.index(), null, null);
        r.eventRegisterCallback(bad, CallbackSafety.NONE, null, (i, reg, s) -> {
            throw new IllegalStateException("tool bug");
        });
        Events.Recorder good = Events.record(r, t, CallbackSafety.NONE);
        for (int k = 0; k < 4; k++) {
            t.raise(CallbackSafety.NONE, null, k);
        }
        assertThat(good.values).containsExactly(0, 1, 2, 3);
        assertThat(r.eventCallbackFaults()).isEqualTo(4);
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).startsWith("qmpi4j: callback for event ").contains("tool bug");

        AtomicInteger freeRuns = new AtomicInteger();
        r.eventHandleFree(bad, (reg, s) -> {
            freeRuns.incrementAndGet();
            throw new IllegalStateException("free bug");
        });
        assertThat(freeRuns).hasValue(1);
        assertThat(r.eventCallbackFaults()).isEqualTo(5);
    }
}
