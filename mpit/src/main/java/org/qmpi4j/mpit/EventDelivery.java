package org.qmpi4j.mpit;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventCallback;
import org.qmpi4j.api.mpit.EventDroppedHandler;
import org.qmpi4j.api.mpit.EventElement;
import org.qmpi4j.api.mpit.EventFreeCallback;
import org.qmpi4j.api.mpit.EventInstance;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * Raising events and reading them (Section 15.3.8, "Reading Event Data", "Reading Event Meta
 * Data", "Dropped Events"). Delivery is synchronous, on the raising thread: an ordered source's
 * events are timestamped and delivered under the source's lock, so its callbacks see them in
 * timestamp order. An instance is readable only while its callback runs. An event is dropped for a
 * registration that has no callback of a level the context allows, or whose callback is already
 * running on this thread; drops are counted and handed to the registration's dropped handler at
 * the next chance (before or after one of its callbacks, never during one). Whatever a callback or
 * handler throws is counted and reported once per event type, and never reaches the raiser.
 */
final class EventDelivery {
    /** The registrations whose callback runs on this thread now (nested raises see them). */
    private static final ThreadLocal<List<EventRegistrations.RegistrationImpl>> RUNNING =
            ThreadLocal.withInitial(ArrayList::new);

    private final AtomicLong faults = new AtomicLong();
    private volatile Log log = Log.agent();

    /** Where faults of callbacks are reported (tests). */
    void reportTo(Log log) {
        this.log = log;
    }

    long faults() {
        return faults.get();
    }

    void raise(
            EventTypes.EventTypeImpl type,
            EventRegistrations.RegistrationImpl[] registrations,
            CallbackSafety required,
            @Nullable Object mpiObject,
            Object[] values) {
        EventSources.Source source = type.source;
        if (source.ordered()) {
            synchronized (source) {
                deliver(type, registrations, required, mpiObject, values, source.now());
            }
        } else {
            deliver(type, registrations, required, mpiObject, values, source.now());
        }
    }

    private void deliver(
            EventTypes.EventTypeImpl type,
            EventRegistrations.RegistrationImpl[] registrations,
            CallbackSafety required,
            @Nullable Object mpiObject,
            Object[] values,
            long timestamp) {
        boolean bound = type.info.bind() != BindType.NO_OBJECT;
        for (EventRegistrations.RegistrationImpl r : registrations) {
            if (bound && !Objects.equals(r.object, mpiObject)) {
                continue;
            }
            deliverTo(r, required, values, timestamp);
        }
    }

    private void deliverTo(
            EventRegistrations.RegistrationImpl r, CallbackSafety required, Object[] values, long timestamp) {
        List<EventRegistrations.RegistrationImpl> running = RUNNING.get();
        if (running.contains(r)) {
            r.droppedPending.incrementAndGet(); // its callback is still running: reported when it returns
            return;
        }
        if (!r.enter()) {
            return; // freed: no callback starts any more
        }
        try {
            EventCallback callback = r.callbackFor(required);
            if (callback == null) {
                r.droppedPending.incrementAndGet();
            }
            reportDropped(r, required, running);
            if (callback != null) {
                InstanceImpl instance = new InstanceImpl(this, r.type, values, timestamp);
                running.add(r);
                try {
                    callback.onEvent(instance, r, required);
                } catch (Throwable t) {
                    contain(t, "callback for event " + r.type.info.name());
                } finally {
                    instance.expire();
                    running.remove(running.size() - 1);
                }
                reportDropped(r, required, running);
            }
        } finally {
            if (r.leave()) {
                runFreeCallback(r, required);
            }
        }
    }

    private void reportDropped(
            EventRegistrations.RegistrationImpl r,
            CallbackSafety level,
            List<EventRegistrations.RegistrationImpl> running) {
        EventDroppedHandler handler = r.droppedHandler;
        if (handler == null || r.droppedPending.get() == 0) {
            return;
        }
        long count = r.droppedPending.getAndSet(0);
        if (count == 0) {
            return;
        }
        running.add(r);
        try {
            handler.onDropped(count, r, r.type.source.index, level);
        } catch (Throwable t) {
            contain(t, "dropped handler for event " + r.type.info.name());
        } finally {
            running.remove(running.size() - 1);
        }
    }

    void runFreeCallback(EventRegistrations.RegistrationImpl r, CallbackSafety level) {
        EventFreeCallback callback = r.freeCallback();
        if (callback == null) {
            return;
        }
        try {
            callback.onFree(r, level);
        } catch (Throwable t) {
            contain(t, "free callback for event " + r.type.info.name());
        }
    }

    /** A tool's callback failed: counted, reported once per kind of callback and event type. */
    private void contain(Throwable t, String what) {
        if (t instanceof VirtualMachineError) {
            throw (VirtualMachineError) t;
        }
        faults.incrementAndGet();
        log.fault(
                "event-fault:" + what,
                what + " failed: " + t + "; the event went on to the other registrations."
                        + " Further faults of this callback are counted, not shown.",
                t);
    }

    // ---- reading an instance (only during its callback) ----------------------------------------

    InstanceImpl instance(EventInstance instance) {
        if (!(instance instanceof InstanceImpl) || ((InstanceImpl) instance).owner != this) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                    instance == null ? "no event instance" : "not an event instance of this process");
        }
        InstanceImpl i = (InstanceImpl) instance;
        if (!i.valid) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                    "the event instance is readable only while its callback runs; copy what you need");
        }
        return i;
    }

    void read(EventInstance instance, int elementIndex, Object buffer) {
        InstanceImpl i = instance(instance);
        List<EventElement> elements = i.type.info.elements();
        if (elementIndex < 0 || elementIndex >= elements.size()) {
            throw Errors.invalid("element index " + elementIndex + " (event " + i.type.info.name() + " has "
                    + elements.size() + ")");
        }
        EventElement e = elements.get(elementIndex);
        Object value = i.values[elementIndex];
        MpitDatatype t = e.datatype();
        if (buffer == null
                || buffer.getClass() != t.bufferType()
                || java.lang.reflect.Array.getLength(buffer) < e.length()) {
            throw Errors.invalid("element " + e.name() + " needs a "
                    + t.bufferType().getSimpleName() + " of at least " + e.length() + " elements");
        }
        if (buffer instanceof int[]) {
            ((int[]) buffer)[0] = ((Number) value).intValue();
        } else if (buffer instanceof long[]) {
            ((long[]) buffer)[0] = ((Number) value).longValue();
        } else if (buffer instanceof double[]) {
            ((double[]) buffer)[0] = ((Number) value).doubleValue();
        } else {
            byte[] text = chars((String) value, e.length());
            System.arraycopy(text, 0, buffer, 0, text.length);
        }
    }

    void copy(EventInstance instance, ByteBuffer buffer) {
        InstanceImpl i = instance(instance);
        int extent = i.type.info.extent();
        if (buffer == null || buffer.isReadOnly() || buffer.remaining() < extent) {
            throw Errors.invalid(
                    "event " + i.type.info.name() + " needs a writable buffer with " + extent + " bytes remaining");
        }
        int base = buffer.position();
        List<EventElement> elements = i.type.info.elements();
        try {
            for (int k = 0; k < elements.size(); k++) {
                EventElement e = elements.get(k);
                int at = base + e.displacement();
                Object v = i.values[k];
                switch (EventElement.bytesOf(e.datatype())) {
                    case 4:
                        buffer.putInt(at, ((Number) v).intValue());
                        break;
                    case 1:
                        byte[] text = chars((String) v, e.length());
                        for (int b = 0; b < text.length; b++) {
                            buffer.put(at + b, text[b]);
                        }
                        break;
                    default:
                        if (e.datatype() == MpitDatatype.DOUBLE) {
                            buffer.putDouble(at, ((Number) v).doubleValue());
                        } else {
                            buffer.putLong(at, ((Number) v).longValue());
                        }
                }
            }
        } catch (ReadOnlyBufferException | IndexOutOfBoundsException e) {
            throw Errors.invalid("cannot copy event " + i.type.info.name() + ": " + e);
        }
    }

    /** {@code value} as NUL-terminated UTF-8 of exactly {@code length} bytes (truncated, zero-filled). */
    private static byte[] chars(String value, int length) {
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[length];
        System.arraycopy(utf8, 0, out, 0, Math.min(utf8.length, length - 1));
        return out;
    }

    /** One raised event as one callback sees it. */
    static final class InstanceImpl implements EventInstance {
        final EventDelivery owner;
        final EventTypes.EventTypeImpl type;
        final Object[] values;
        final long timestamp;
        private volatile boolean valid = true;

        InstanceImpl(EventDelivery owner, EventTypes.EventTypeImpl type, Object[] values, long timestamp) {
            this.owner = owner;
            this.type = type;
            this.values = values;
            this.timestamp = timestamp;
        }

        void expire() {
            valid = false;
        }
    }
}
