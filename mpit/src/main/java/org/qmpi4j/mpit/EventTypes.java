package org.qmpi4j.mpit;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntConsumer;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.EventDefinition;
import org.qmpi4j.api.mpit.EventElement;
import org.qmpi4j.api.mpit.EventInfo;
import org.qmpi4j.api.mpit.EventType;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * The event types of one process (Section 15.3.8, "Event Type Query Functions"), by index and by
 * name. Append-only, lookups never lock; registration is serialised by {@link MpitRegistry}.
 */
final class EventTypes {
    private final CopyOnWriteArrayList<EventTypeImpl> types = new CopyOnWriteArrayList<>();
    private final Map<String, EventTypeImpl> byName = new ConcurrentHashMap<>();

    EventTypeImpl register(
            EventDefinition d,
            EventSources sources,
            VariableTables variables,
            EventDelivery delivery,
            IntConsumer demand) {
        if (d == null) {
            throw Errors.invalid("no definition");
        }
        if (byName.containsKey(d.name())) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "an event type named " + d.name() + " exists");
        }
        EventSources.Source source;
        try {
            source = sources.source(d.sourceIndex());
        } catch (RuntimeException e) {
            throw Errors.invalid("event type " + d.name() + ": no event source " + d.sourceIndex());
        }
        EventInfo info = d.info();
        if (info.enumType() != null) {
            variables.checkEnum(info.enumType(), d.name());
        }
        EventTypeImpl t = new EventTypeImpl(types.size(), info, source, delivery, demand);
        types.add(t);
        byName.put(d.name(), t);
        return t;
    }

    int count() {
        return types.size();
    }

    EventTypeImpl type(int index) {
        List<EventTypeImpl> all = types;
        if (index < 0 || index >= all.size()) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_INDEX,
                    "event type index " + index + " (there are " + all.size() + ")");
        }
        return all.get(index);
    }

    int index(String name) {
        EventTypeImpl t = name == null ? null : byName.get(name);
        if (t == null) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "no event type named " + name);
        }
        return t.index;
    }

    /**
     * One event type: its registrations that have a callback, as an array replaced on every change,
     * so raising reads one volatile field and an unwatched type costs that read only.
     * {@code demand} hears +1 when the first such registration appears and -1 when the last goes
     * (the agent relinks the functions its events need on those).
     */
    static final class EventTypeImpl implements EventType {
        private static final EventRegistrations.RegistrationImpl[] NONE = new EventRegistrations.RegistrationImpl[0];

        final int index;
        final EventInfo info;
        final EventSources.Source source;
        private final EventDelivery delivery;
        private final IntConsumer demand;
        private volatile EventRegistrations.RegistrationImpl[] registrations = NONE;

        EventTypeImpl(
                int index, EventInfo info, EventSources.Source source, EventDelivery delivery, IntConsumer demand) {
            this.index = index;
            this.info = info;
            this.source = source;
            this.delivery = delivery;
            this.demand = demand;
        }

        @Override
        public int index() {
            return index;
        }

        @Override
        public boolean isWatched() {
            return registrations.length > 0;
        }

        EventRegistrations.RegistrationImpl[] registrations() {
            return registrations;
        }

        @Override
        public void raise(org.qmpi4j.api.mpit.CallbackSafety required, @Nullable Object mpiObject, Object... values) {
            EventRegistrations.RegistrationImpl[] now = registrations;
            if (now.length == 0) {
                return;
            }
            if (required == null) {
                throw new IllegalArgumentException("raise " + info.name() + ": no safety level");
            }
            delivery.raise(this, now, required, mpiObject, checked(values));
        }

        private Object[] checked(Object[] values) {
            List<EventElement> elements = info.elements();
            int given = values == null ? 0 : values.length;
            if (given != elements.size()) {
                throw new IllegalArgumentException(
                        info.name() + " has " + elements.size() + " elements; " + given + " values given");
            }
            Object[] copy = values.clone();
            for (int i = 0; i < copy.length; i++) {
                EventElement e = elements.get(i);
                boolean ok = e.datatype() == org.qmpi4j.api.mpit.MpitDatatype.CHAR
                        ? copy[i] instanceof String
                        : copy[i] instanceof Number;
                if (!ok) {
                    throw new IllegalArgumentException(
                            info.name() + " element " + e.name() + " (" + e.datatype() + ") cannot hold " + copy[i]);
                }
            }
            return copy;
        }

        /** Under the registrations' lock ({@link EventRegistrations}). */
        void add(EventRegistrations.RegistrationImpl r) {
            EventRegistrations.RegistrationImpl[] old = registrations;
            EventRegistrations.RegistrationImpl[] grown = java.util.Arrays.copyOf(old, old.length + 1);
            grown[old.length] = r;
            registrations = grown;
            if (old.length == 0) {
                demand.accept(1);
            }
        }

        /** Under the registrations' lock. */
        void remove(EventRegistrations.RegistrationImpl r) {
            EventRegistrations.RegistrationImpl[] old = registrations;
            int at = -1;
            for (int i = 0; i < old.length; i++) {
                if (old[i] == r) {
                    at = i;
                }
            }
            if (at < 0) {
                return;
            }
            EventRegistrations.RegistrationImpl[] shrunk = new EventRegistrations.RegistrationImpl[old.length - 1];
            System.arraycopy(old, 0, shrunk, 0, at);
            System.arraycopy(old, at + 1, shrunk, at, old.length - at - 1);
            registrations = shrunk.length == 0 ? NONE : shrunk;
            if (shrunk.length == 0) {
                demand.accept(-1);
            }
        }
    }
}
