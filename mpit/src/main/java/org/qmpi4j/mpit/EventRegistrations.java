package org.qmpi4j.mpit;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventCallback;
import org.qmpi4j.api.mpit.EventDroppedHandler;
import org.qmpi4j.api.mpit.EventFreeCallback;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * The event registrations of one process (Section 15.3.8, "Handle Allocation and Deallocation",
 * "Callback Function Management"): allocating them within the handle limit, checking on every use
 * that one is live and of this process, and freeing them so that no callback runs after the free
 * callback. Allocation and freeing hold one lock, which the last {@code MPI_T_FINALIZE} takes too.
 */
final class EventRegistrations {
    private final ObjectKinds objectKinds;
    private final IntSupplier maxHandles;
    private final Object lock = new Object();
    private final List<RegistrationImpl> live = new CopyOnWriteArrayList<>();

    EventRegistrations(ObjectKinds objectKinds, IntSupplier maxHandles) {
        this.objectKinds = objectKinds;
        this.maxHandles = maxHandles;
    }

    RegistrationImpl allocate(
            EventTypes.EventTypeImpl type, @Nullable Object mpiObject, @Nullable Map<String, String> hints) {
        Object object = boundObject(type, mpiObject);
        synchronized (lock) {
            if (live.size() >= maxHandles.getAsInt()) {
                throw Errors.fail(
                        ReturnCode.MPI_T_ERR_OUT_OF_HANDLES,
                        live.size() + " event registrations exist (limit: control variable qmpi4j_mpit_max_handles)");
            }
            try {
                RegistrationImpl r = new RegistrationImpl(this, type, object, copy(hints));
                live.add(r); // its type delivers to it once it has a callback (setCallback)
                return r;
            } catch (OutOfMemoryError e) {
                throw Errors.memory("an event registration", e);
            }
        }
    }

    /**
     * Sets or removes {@code r}'s callback for {@code level}. Its type delivers to a registration
     * only while it has a callback: the first makes the type watched (its events are raised, and
     * a source such as the JVM's pauses starts on that demand), removing the last makes it
     * unwatched again if it was the last. Before it, no event could run a callback of it, so
     * none is raised for it to drop (a tool that allocates its handle, then registers its callback,
     * has no drops between the two, however long the thread waits for a CPU there).
     */
    void setCallback(
            RegistrationImpl r,
            CallbackSafety level,
            @Nullable EventCallback callback,
            @Nullable Map<String, String> hints) {
        synchronized (lock) {
            boolean had = r.hasCallbacks();
            r.setCallback(level, callback, hints);
            boolean has = r.hasCallbacks();
            if (!had && has && live.contains(r)) {
                r.type.add(r);
            } else if (had && !has) {
                r.type.remove(r);
            }
        }
    }

    /**
     * Frees {@code r}: no callback starts from now; the free callback runs here if none is
     * running, else when the last running one returns ({@link RegistrationImpl#leave}).
     */
    void free(RegistrationImpl r, @Nullable EventFreeCallback freeCallback, EventDelivery delivery) {
        synchronized (lock) {
            if (!live.remove(r)) {
                throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE, "the event registration was already freed");
            }
            r.type.remove(r);
        }
        if (r.markFreed(freeCallback)) {
            delivery.runFreeCallback(r, CallbackSafety.NONE);
        }
    }

    /** The last {@code MPI_T_FINALIZE}: every registration is freed, without free callbacks. */
    void freeEverything() {
        synchronized (lock) {
            for (RegistrationImpl r : live) {
                r.type.remove(r);
                r.markFreed(null);
            }
            live.clear();
        }
    }

    RegistrationImpl registration(EventRegistration registration) {
        if (!(registration instanceof RegistrationImpl) || ((RegistrationImpl) registration).owner != this) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                    registration == null
                            ? "MPI_T_EVENT_REGISTRATION_NULL"
                            : "not an event registration of this process");
        }
        RegistrationImpl r = (RegistrationImpl) registration;
        if (r.isFreed()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE, "the event registration was freed");
        }
        return r;
    }

    private @Nullable Object boundObject(EventTypes.EventTypeImpl type, @Nullable Object mpiObject) {
        BindType bind = type.info.bind();
        if (bind == BindType.NO_OBJECT) {
            return null;
        }
        if (mpiObject == null) {
            throw Errors.invalid(type.info.name() + " must be bound to an object of kind " + bind);
        }
        if (!objectKinds.isKind(bind, mpiObject)) {
            throw Errors.invalid(type.info.name() + " is bound to " + bind + "; "
                    + mpiObject.getClass().getName() + " is not one");
        }
        return mpiObject;
    }

    static Map<String, String> copy(@Nullable Map<String, String> hints) {
        return hints == null ? Map.of() : Map.copyOf(new HashMap<>(hints));
    }

    /** One registration: its callbacks per level, dropped count and handler, and its free state. */
    static final class RegistrationImpl implements EventRegistration {
        final EventRegistrations owner;
        final EventTypes.EventTypeImpl type;
        final @Nullable Object object;
        volatile Map<String, String> hints;
        /** Callbacks and their hints by level; replaced whole on change, read without locking. */
        private volatile Map<CallbackSafety, Registered> callbacks = new EnumMap<>(CallbackSafety.class);

        volatile @Nullable EventDroppedHandler droppedHandler;
        final AtomicLong droppedPending = new AtomicLong();

        // free state, guarded by this
        private boolean freed;
        private int running;
        private boolean freeCallbackDue;
        private @Nullable EventFreeCallback freeCallback;

        RegistrationImpl(
                EventRegistrations owner,
                EventTypes.EventTypeImpl type,
                @Nullable Object object,
                Map<String, String> hints) {
            this.owner = owner;
            this.type = type;
            this.object = object;
            this.hints = hints;
        }

        @Override
        public int eventIndex() {
            return type.index;
        }

        synchronized boolean isFreed() {
            return freed;
        }

        /** A callback of the registration, with the hints it was registered with. */
        static final class Registered {
            final EventCallback callback;
            final Map<String, String> hints;

            Registered(EventCallback callback, Map<String, String> hints) {
                this.callback = callback;
                this.hints = hints;
            }
        }

        synchronized void setCallback(
                CallbackSafety level, @Nullable EventCallback callback, @Nullable Map<String, String> hints) {
            EnumMap<CallbackSafety, Registered> next = new EnumMap<>(CallbackSafety.class);
            next.putAll(callbacks);
            if (callback == null) {
                next.remove(level);
            } else {
                next.put(level, new Registered(callback, copy(hints)));
            }
            callbacks = next;
        }

        boolean hasCallbacks() {
            return !callbacks.isEmpty();
        }

        Registered callbackAt(CallbackSafety level) {
            Registered r = callbacks.get(level);
            if (r == null) {
                throw Errors.invalid("no callback is registered for level " + level);
            }
            return r;
        }

        synchronized void setCallbackHints(CallbackSafety level, @Nullable Map<String, String> hints) {
            Registered r = callbackAt(level);
            EnumMap<CallbackSafety, Registered> next = new EnumMap<>(CallbackSafety.class);
            next.putAll(callbacks);
            next.put(level, new Registered(r.callback, copy(hints)));
            callbacks = next;
        }

        /** The callback of the lowest level that satisfies {@code required}, or null (the event is dropped). */
        @Nullable
        EventCallback callbackFor(CallbackSafety required) {
            Map<CallbackSafety, Registered> now = callbacks;
            for (CallbackSafety level : CallbackSafety.values()) {
                if (level.satisfies(required)) {
                    Registered r = now.get(level);
                    if (r != null) {
                        return r.callback;
                    }
                }
            }
            return null;
        }

        /** Before a callback: false if the registration is freed (then no callback may start). */
        synchronized boolean enter() {
            if (freed) {
                return false;
            }
            running++;
            return true;
        }

        /** After a callback: true if the free callback is now due (freed meanwhile, none running). */
        synchronized boolean leave() {
            running--;
            return takeFreeCallbackIfDue();
        }

        /** Marks the registration freed; true if the free callback may run now. */
        synchronized boolean markFreed(@Nullable EventFreeCallback callback) {
            freed = true;
            freeCallback = callback;
            freeCallbackDue = true;
            return takeFreeCallbackIfDue();
        }

        private boolean takeFreeCallbackIfDue() {
            if (freed && running == 0 && freeCallbackDue) {
                freeCallbackDue = false;
                return true;
            }
            return false;
        }

        synchronized @Nullable EventFreeCallback freeCallback() {
            EventFreeCallback c = freeCallback;
            freeCallback = null;
            return c;
        }
    }
}
