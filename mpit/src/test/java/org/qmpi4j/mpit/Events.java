package org.qmpi4j.mpit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventCallback;
import org.qmpi4j.api.mpit.EventDefinition;
import org.qmpi4j.api.mpit.EventInstance;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.EventType;
import org.qmpi4j.api.mpit.MpitDatatype;

/** Shared helpers of the events' conformance tests. */
final class Events {
    private Events() {}

    /** A fresh event type with one INT element "value" and one UNSIGNED_LONG_LONG element "bytes". */
    static EventType twoElements(MpitRegistry r) {
        return r.registerEventType(EventDefinition.builder(Mpit.name("ev"))
                .element("value", MpitDatatype.INT)
                .element("bytes", MpitDatatype.UNSIGNED_LONG_LONG)
                .build());
    }

    /** A fresh event type with one INT element, raised by {@code source}. */
    static EventType oneInt(MpitRegistry r, int source) {
        return r.registerEventType(EventDefinition.builder(Mpit.name("ev"))
                .element("value", MpitDatatype.INT)
                .source(source)
                .build());
    }

    /** A registration for {@code type} with a callback at {@code level} that records what it reads. */
    static Recorder record(MpitRegistry r, EventType type, CallbackSafety level) {
        Recorder rec = new Recorder(r);
        rec.registration = r.eventHandleAlloc(type.index(), null, null);
        r.eventRegisterCallback(rec.registration, level, null, rec);
        return rec;
    }

    /** A callback keeping element 0 (an INT), timestamp, source and level of every event it gets. */
    static final class Recorder implements EventCallback {
        private final MpitRegistry r;

        @SuppressWarnings("NullAway.Init") // set by the test right after allocating the registration
        EventRegistration registration;

        final List<Integer> values = new CopyOnWriteArrayList<>();
        final List<Long> timestamps = new CopyOnWriteArrayList<>();
        final List<CallbackSafety> levels = new CopyOnWriteArrayList<>();
        final List<EventInstance> instances = new CopyOnWriteArrayList<>();

        Recorder(MpitRegistry r) {
            this.r = r;
        }

        @Override
        public void onEvent(EventInstance instance, EventRegistration registration, CallbackSafety safety) {
            int[] v = new int[1];
            r.eventRead(instance, 0, v);
            values.add(v[0]);
            timestamps.add(r.eventGetTimestamp(instance));
            levels.add(safety);
            instances.add(instance);
        }

        List<Integer> values() {
            return new ArrayList<>(values);
        }
    }
}
