package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.expect;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventInstance;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.EventType;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.SourceOrder;

/** MPI 4.1 Section 15.3.8, Reading Event Meta Data: MPI_T_EVENT_GET_TIMESTAMP and MPI_T_EVENT_GET_SOURCE. */
// Not null-checked: it passes null where the text allows a null argument, and to check the code
// a null argument gets.
@SuppressWarnings("NullAway")
class Section15_3_8_ReadingEventMetadataTest {
    private final MpitRegistry r = Mpit.initialised();

    @Test
    @DisplayName("timestamp and source of each instance: the raising source's index, timestamps growing within it")
    void timestampAndSource() {
        int source = r.registerSource("meta_source", "", SourceOrder.ORDERED);
        EventType t = Events.oneInt(r, source);
        EventRegistration g = r.eventHandleAlloc(t.index(), null, null);
        List<Long> stamps = new CopyOnWriteArrayList<>();
        List<Integer> sources = new CopyOnWriteArrayList<>();
        List<EventInstance> kept = new CopyOnWriteArrayList<>();
        r.eventRegisterCallback(g, CallbackSafety.NONE, null, (i, reg, s) -> {
            stamps.add(r.eventGetTimestamp(i));
            sources.add(r.eventGetSource(i));
            kept.add(i);
        });
        for (int k = 0; k < 100; k++) {
            t.raise(CallbackSafety.NONE, null, k);
        }
        assertThat(sources).hasSize(100).containsOnly(source);
        assertThat(stamps).hasSize(100).isSorted();
        assertThat(stamps.get(99)).isLessThanOrEqualTo(r.sourceGetTimestamp(source));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventGetTimestamp(kept.get(0)));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventGetSource(kept.get(0)));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventGetTimestamp(null));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventGetSource(null));
    }
}
