package org.qmpi4j.api.mpit;

import org.qmpi4j.api.Nullable;

/**
 * A registered event type, as its definer holds it (from {@link MpiT#registerEventType}): the
 * tool that defined it raises instances here; users find it by index or name like any other.
 */
public interface EventType {
    /** The type's index for {@link MpiT#eventGetInfo} and {@link MpiT#eventHandleAlloc}; never changes. */
    int index();

    /**
     * Whether any registration for the type exists now: one volatile read. Check it before
     * computing an event's values, so that an event nobody watches costs nothing more.
     */
    boolean isWatched();

    /**
     * Raises one instance now: takes its timestamp from the type's source and runs, on this thread,
     * the callback each registration has for {@code required} (see {@link CallbackSafety}).
     * Registrations without such a callback, or whose callback is running on this thread already,
     * count the event as dropped. A callback that throws is counted and reported once; it never
     * reaches the raiser.
     *
     * @param required  the restrictions of the raising context
     * @param mpiObject the object the event concerns: it reaches registrations bound to it (ignored
     *                  for types bound to {@link BindType#NO_OBJECT})
     * @param values    one per element: a {@link Number} for numeric elements, a {@link String} for
     *                  CHAR elements (truncated to the element's length)
     * @throws IllegalArgumentException if the values do not fit the elements
     */
    void raise(CallbackSafety required, @Nullable Object mpiObject, Object... values);
}
