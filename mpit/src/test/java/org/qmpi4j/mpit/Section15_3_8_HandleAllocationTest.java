package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.expect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventDefinition;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.EventType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.ReturnCode;

/** MPI 4.1 Section 15.3.8, Handle Allocation and Deallocation: MPI_T_EVENT_HANDLE_ALLOC, _SET_INFO, _GET_INFO, _FREE. */
class Section15_3_8_HandleAllocationTest {
    private final MpitRegistry r = Mpit.initialisedWithIntegerObjects();

    private EventType boundToComm() {
        return r.registerEventType(EventDefinition.builder(Mpit.name("bound"))
                .bind(BindType.MPI_COMM)
                .element("value", MpitDatatype.INT)
                .build());
    }

    @Test
    @DisplayName(
            "alloc: bad index MPI_T_ERR_INVALID_INDEX; missing or wrong object MPI_T_ERR_INVALID; past the limit MPI_T_ERR_OUT_OF_HANDLES")
    void allocErrors() {
        EventType bound = boundToComm();
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.eventHandleAlloc(-1, null, null));
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.eventHandleAlloc(1, null, null));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventHandleAlloc(bound.index(), null, null));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventHandleAlloc(bound.index(), "not a comm", null));
        expect(ReturnCode.SUCCESS, () -> r.eventHandleAlloc(bound.index(), 3, null));
        r.setMaxHandles(2);
        EventRegistration second = r.eventHandleAlloc(bound.index(), 4, null);
        expect(ReturnCode.MPI_T_ERR_OUT_OF_HANDLES, () -> r.eventHandleAlloc(bound.index(), 5, null));
        r.eventHandleFree(second, null);
        expect(ReturnCode.SUCCESS, () -> r.eventHandleAlloc(bound.index(), 5, null));
    }

    @Test
    @DisplayName(
            "a registration bound to an object receives only that object's events; an unbound type's reach every registration")
    void boundRegistrationsSeeTheirObjectOnly() {
        EventType bound = boundToComm();
        List<String> seen = new CopyOnWriteArrayList<>();
        for (int comm : new int[] {3, 4}) {
            EventRegistration g = r.eventHandleAlloc(bound.index(), comm, null);
            r.eventRegisterCallback(g, CallbackSafety.NONE, null, (i, reg, s) -> {
                int[] v = new int[1];
                r.eventRead(i, 0, v);
                seen.add(comm + ":" + v[0]);
            });
        }
        bound.raise(CallbackSafety.NONE, 3, 30);
        bound.raise(CallbackSafety.NONE, 4, 40);
        bound.raise(CallbackSafety.NONE, 5, 50);
        assertThat(seen).containsExactly("3:30", "4:40");
    }

    @Test
    @DisplayName(
            "hints: set replaces, get returns a copy; a freed, foreign or null registration is MPI_T_ERR_INVALID_HANDLE everywhere")
    void infoAndHandleValidity() {
        EventType t = Events.twoElements(r);
        EventRegistration g = r.eventHandleAlloc(t.index(), null, Map.of("a", "1"));
        assertThat(r.eventHandleGetInfo(g)).containsExactly(Map.entry("a", "1"));
        r.eventHandleSetInfo(g, Map.of("b", "2"));
        assertThat(r.eventHandleGetInfo(g)).containsExactly(Map.entry("b", "2"));
        r.eventHandleSetInfo(g, null);
        assertThat(r.eventHandleGetInfo(g)).isEmpty();

        MpitRegistry other = Mpit.initialised();
        EventRegistration foreign =
                other.eventHandleAlloc(Events.twoElements(other).index(), null, null);
        r.eventHandleFree(g, null);
        for (EventRegistration bad : new EventRegistration[] {g, foreign, null}) {
            expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventHandleSetInfo(bad, null));
            expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventHandleGetInfo(bad));
            expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventHandleFree(bad, null));
            expect(
                    ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                    () -> r.eventRegisterCallback(bad, CallbackSafety.NONE, null, (i, reg, s) -> {}));
            expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventCallbackSetInfo(bad, CallbackSafety.NONE, null));
            expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventCallbackGetInfo(bad, CallbackSafety.NONE));
            expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventSetDroppedHandler(bad, null));
        }
    }

    @Test
    @DisplayName(
            "free: the free callback runs once, at once when no callback runs; freed registrations get nothing more")
    void freeRunsTheFreeCallbackOnce() {
        EventType t = Events.oneInt(r, 0);
        Events.Recorder rec = Events.record(r, t, CallbackSafety.NONE);
        t.raise(CallbackSafety.NONE, null, 1);
        AtomicInteger freed = new AtomicInteger();
        List<CallbackSafety> freeLevel = new ArrayList<>();
        r.eventHandleFree(rec.registration, (g, s) -> {
            freed.incrementAndGet();
            freeLevel.add(s);
            assertThat(g).isSameAs(rec.registration);
        });
        assertThat(freed).hasValue(1);
        assertThat(freeLevel).containsExactly(CallbackSafety.NONE);
        t.raise(CallbackSafety.NONE, null, 2);
        assertThat(rec.values).containsExactly(1);
        assertThat(t.isWatched()).isFalse();
    }

    @Test
    @DisplayName(
            "free from inside the registration's own callback: the free callback waits until the callback returned")
    void freeInsideTheCallbackDefersTheFreeCallback() {
        EventType t = Events.oneInt(r, 0);
        EventRegistration g = r.eventHandleAlloc(t.index(), null, null);
        List<String> order = new CopyOnWriteArrayList<>();
        r.eventRegisterCallback(g, CallbackSafety.THREAD_SAFE, null, (i, reg, s) -> {
            order.add("callback starts");
            r.eventHandleFree(reg, (x, level) -> order.add("free callback at " + level));
            order.add("callback ends");
        });
        t.raise(CallbackSafety.THREAD_SAFE, null, 1);
        t.raise(CallbackSafety.THREAD_SAFE, null, 2);
        assertThat(order).containsExactly("callback starts", "callback ends", "free callback at THREAD_SAFE");
    }

    @Test
    @DisplayName("no callback runs after the free callback ran, while other threads keep raising")
    void noCallbackAfterTheFreeCallback() throws Exception {
        for (int round = 0; round < 20; round++) {
            int source = r.registerSource(Mpit.name("unordered"), "", org.qmpi4j.api.mpit.SourceOrder.UNORDERED);
            EventType t = Events.oneInt(r, source);
            EventRegistration g = r.eventHandleAlloc(t.index(), null, null);
            AtomicBoolean freeCallbackRan = new AtomicBoolean();
            AtomicInteger late = new AtomicInteger();
            AtomicInteger delivered = new AtomicInteger();
            r.eventRegisterCallback(g, CallbackSafety.THREAD_SAFE, null, (i, reg, s) -> {
                delivered.incrementAndGet();
                Thread.yield();
                if (freeCallbackRan.get()) {
                    late.incrementAndGet();
                }
            });
            AtomicBoolean stop = new AtomicBoolean();
            CountDownLatch started = new CountDownLatch(3);
            List<Thread> raisers = new ArrayList<>();
            for (int n = 0; n < 3; n++) {
                Thread th = new Thread(() -> {
                    started.countDown();
                    while (!stop.get()) {
                        t.raise(CallbackSafety.THREAD_SAFE, null, 1);
                    }
                });
                raisers.add(th);
                th.start();
            }
            started.await();
            while (delivered.get() < 100) {
                Thread.yield();
            }
            r.eventHandleFree(g, (reg, s) -> freeCallbackRan.set(true));
            Thread.sleep(5);
            stop.set(true);
            for (Thread th : raisers) {
                th.join();
            }
            assertThat(freeCallbackRan).isTrue();
            assertThat(late).as("callbacks that ran after the free callback").hasValue(0);
        }
    }

    @Test
    @DisplayName("the last MPI_T_FINALIZE frees every registration: nothing is delivered any more")
    void finalizeFreesRegistrations() {
        EventType t = Events.oneInt(r, 0);
        Events.Recorder rec = Events.record(r, t, CallbackSafety.NONE);
        r.finalizeInterface();
        assertThat(t.isWatched()).isFalse();
        t.raise(CallbackSafety.NONE, null, 1);
        assertThat(rec.values).isEmpty();
        r.initThread(org.qmpi4j.api.mpit.ThreadLevel.SINGLE);
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventHandleGetInfo(rec.registration));
    }

    @Test
    @DisplayName("the demand of an event type: +1 with its first registration that has a callback, -1 when the last"
            + " such is freed or loses its callbacks; a registration without one is not delivered to")
    void demandFollowsRegistrations() {
        java.util.function.ToIntFunction<org.qmpi4j.api.mpit.EventInstance> value = i -> {
            int[] v = new int[1];
            r.eventRead(i, 0, v);
            return v[0];
        };
        List<Integer> demand = new CopyOnWriteArrayList<>();
        EventType t = r.registerEventType(
                EventDefinition.builder("demanding")
                        .element("v", MpitDatatype.INT)
                        .build(),
                demand::add);
        assertThat(t.isWatched()).isFalse();
        EventRegistration a = r.eventHandleAlloc(t.index(), null, null);
        EventRegistration b = r.eventHandleAlloc(t.index(), null, null);
        List<Long> droppedOfA = new CopyOnWriteArrayList<>();
        r.eventSetDroppedHandler(a, (count, reg, source, level) -> droppedOfA.add(count));
        assertThat(demand).as("no callback yet: nothing could be delivered").isEmpty();
        assertThat(t.isWatched()).isFalse();
        t.raise(CallbackSafety.NONE, null, 1); // before a's callback: not raised for it, so not dropped
        List<Integer> seen = new CopyOnWriteArrayList<>();
        r.eventRegisterCallback(a, CallbackSafety.NONE, null, (i, reg, s) -> seen.add(value.applyAsInt(i)));
        r.eventRegisterCallback(b, CallbackSafety.NONE, null, (i, reg, s) -> {});
        assertThat(demand).containsExactly(1);
        assertThat(t.isWatched()).isTrue();
        t.raise(CallbackSafety.NONE, null, 2);
        assertThat(seen).containsExactly(2);
        assertThat(droppedOfA).isEmpty();
        r.eventRegisterCallback(a, CallbackSafety.NONE, null, null); // a loses its only callback
        r.eventHandleFree(b, null);
        assertThat(demand).containsExactly(1, -1);
        assertThat(t.isWatched()).isFalse();
        r.eventRegisterCallback(a, CallbackSafety.NONE, null, (i, reg, s) -> seen.add(value.applyAsInt(i)));
        assertThat(demand).containsExactly(1, -1, 1);
        r.eventHandleFree(a, null);
        assertThat(demand).containsExactly(1, -1, 1, -1);
        assertThat(t.isWatched()).isFalse();
    }
}
