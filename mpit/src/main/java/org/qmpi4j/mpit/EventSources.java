package org.qmpi4j.mpit;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.SourceInfo;
import org.qmpi4j.api.mpit.SourceOrder;

/**
 * The event sources of one process (MPI 4.1 Section 15.3.8, "Event Sources"): each a monotonic
 * clock ({@code System.nanoTime} since the source was made, so timestamps start near 0 and never
 * go back) and an order. Source 0, the default, always exists. Append-only, lookups never lock;
 * registration is serialised by {@link MpitRegistry}.
 */
final class EventSources {
    static final long TICKS_PER_SECOND = 1_000_000_000L;

    /** One source: its clock, and the lock that keeps an ordered source's deliveries in timestamp order. */
    static final class Source {
        final int index;
        final SourceInfo info;
        private final long origin = System.nanoTime();

        Source(int index, SourceInfo info) {
            this.index = index;
            this.info = info;
        }

        long now() {
            return Math.max(0, System.nanoTime() - origin);
        }

        boolean ordered() {
            return info.ordering() == SourceOrder.ORDERED;
        }
    }

    private final CopyOnWriteArrayList<Source> sources = new CopyOnWriteArrayList<>();
    private final Map<String, Source> byName = new ConcurrentHashMap<>();

    EventSources() {
        register("qmpi4j_process", "The process's default event source: System.nanoTime ticks", SourceOrder.ORDERED);
    }

    int register(String name, String description, SourceOrder ordering) {
        Names.require(name, "an event source");
        if (ordering == null) {
            throw Errors.invalid("event source " + name + " needs an order");
        }
        if (byName.containsKey(name)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "an event source named " + name + " exists");
        }
        Source s = new Source(
                sources.size(),
                new SourceInfo(
                        name, description == null ? "" : description, ordering, TICKS_PER_SECOND, Long.MAX_VALUE));
        sources.add(s);
        byName.put(name, s);
        return s.index;
    }

    int count() {
        return sources.size();
    }

    Source source(int index) {
        List<Source> all = sources;
        if (index < 0 || index >= all.size()) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_INDEX,
                    "event source index " + index + " (there are " + all.size() + ")");
        }
        return all.get(index);
    }
}
