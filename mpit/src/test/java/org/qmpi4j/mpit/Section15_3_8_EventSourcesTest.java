package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.expect;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventType;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.SourceInfo;
import org.qmpi4j.api.mpit.SourceOrder;

/** MPI 4.1 Section 15.3.8, Event Sources: MPI_T_SOURCE_GET_NUM, _GET_INFO, _GET_TIMESTAMP. */
// Not null-checked: it passes null where the text allows a null argument, and to check the code
// a null argument gets.
@SuppressWarnings("NullAway")
class Section15_3_8_EventSourcesTest {
    private final MpitRegistry r = Mpit.initialised();

    @Test
    @DisplayName("sources are indexed 0..N-1, source 0 always exists; other indices answer MPI_T_ERR_INVALID_INDEX")
    void indicesAndInfo() {
        assertThat(r.sourceGetNum()).isEqualTo(1);
        int mine = r.registerSource("mytool_clock", "a tool's source", SourceOrder.UNORDERED);
        assertThat(mine).isEqualTo(1);
        assertThat(r.sourceGetNum()).isEqualTo(2);
        SourceInfo info = r.sourceGetInfo(mine);
        assertThat(info.name()).isEqualTo("mytool_clock");
        assertThat(info.description()).isEqualTo("a tool's source");
        assertThat(info.ordering()).isEqualTo(SourceOrder.UNORDERED);
        assertThat(info.ticksPerSecond()).isEqualTo(1_000_000_000L);
        assertThat(info.maxTicks()).isEqualTo(Long.MAX_VALUE);
        assertThat(r.sourceGetInfo(0).ordering()).isEqualTo(SourceOrder.ORDERED);
        for (int bad : new int[] {-1, 2, Integer.MAX_VALUE}) {
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.sourceGetInfo(bad));
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.sourceGetTimestamp(bad));
        }
    }

    @Test
    @DisplayName(
            "registering a source: an empty or taken name is MPI_T_ERR_INVALID_NAME, a missing order MPI_T_ERR_INVALID")
    void registration() {
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.registerSource("", "", SourceOrder.ORDERED));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.registerSource("qmpi4j_process", "", SourceOrder.ORDERED));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.registerSource("x_source", "", null));
    }

    @Test
    @DisplayName("timestamps count a monotonic clock: they never go back, and ticks_per_second of them make a second")
    void monotonicClockWithItsTicksPerSecond() throws Exception {
        long previous = r.sourceGetTimestamp(0);
        for (int i = 0; i < 10_000; i++) {
            long now = r.sourceGetTimestamp(0);
            assertThat(now).isGreaterThanOrEqualTo(previous);
            previous = now;
        }
        long tps = r.sourceGetInfo(0).ticksPerSecond();
        long before = r.sourceGetTimestamp(0);
        long wallBefore = System.nanoTime();
        Thread.sleep(200);
        long ticks = r.sourceGetTimestamp(0) - before;
        double seconds = (System.nanoTime() - wallBefore) / 1e9;
        assertThat(ticks / (double) tps).isBetween(seconds * 0.9, seconds * 1.1 + 0.01);
    }

    @Test
    @DisplayName("an event's timestamp lies between the source's timestamps before and after it was raised")
    void eventTimestampsComeFromTheSourceClock() {
        int source = r.registerSource("ts_source", "", SourceOrder.ORDERED);
        EventType t = Events.oneInt(r, source);
        Events.Recorder rec = Events.record(r, t, CallbackSafety.NONE);
        long before = r.sourceGetTimestamp(source);
        t.raise(CallbackSafety.NONE, null, 1);
        long after = r.sourceGetTimestamp(source);
        assertThat(rec.timestamps)
                .singleElement()
                .satisfies(ts -> assertThat(ts).isBetween(before, after));
    }

    @Test
    @DisplayName(
            "MPI_T_SOURCE_ORDERED: events of one source reach a callback in timestamp order, even raised by many threads")
    void orderedSourceDeliversInTimestampOrder() throws Exception {
        EventType a = Events.oneInt(r, 0);
        EventType b = Events.oneInt(r, 0);
        List<Long> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (EventType t : new EventType[] {a, b}) {
            var reg = r.eventHandleAlloc(t.index(), null, null);
            r.eventRegisterCallback(
                    reg, CallbackSafety.THREAD_SAFE, null, (i, g, s) -> seen.add(r.eventGetTimestamp(i)));
        }
        List<Thread> threads = new ArrayList<>();
        for (int n = 0; n < 4; n++) {
            EventType t = n % 2 == 0 ? a : b;
            threads.add(new Thread(() -> {
                for (int k = 0; k < 2000; k++) {
                    t.raise(CallbackSafety.THREAD_SAFE, null, k);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread th : threads) {
            th.join();
        }
        assertThat(seen).hasSize(8000).isSorted();
    }
}
