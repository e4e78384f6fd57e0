package org.qmpi4j.api.mpit;

/**
 * {@code MPI_T_cb_safety}: the restrictions a context puts on an event callback, from none to the
 * most restrictive. A callback is registered for one level ({@link MpiT#eventRegisterCallback}),
 * promising it obeys that level's restrictions and every lower level's; an event raised in a
 * context that requires level L runs only a callback registered for L or a higher level, and of
 * those the one of the lowest level (so the least restricted code the context allows runs).
 *
 * <p>The JVM has no interrupt or signal context for Java code; in qmpi4j the levels mean:
 * <ul>
 *   <li>{@link #NONE}: the callback may do anything, MPI calls included; it runs on the raising
 *       thread outside any MPI call.</li>
 *   <li>{@link #MPI_RESTRICTED}: it may not call MPI (it may run while an MPI call is in progress,
 *       before it starts or after it returned but before the application sees it).</li>
 *   <li>{@link #THREAD_SAFE}: as {@code MPI_RESTRICTED}, and it may run on any application thread,
 *       including several events of different sources at once; it must be thread-safe. Every event
 *       the agent raises is raised at this level.</li>
 *   <li>{@link #ASYNC_SIGNAL_SAFE}: as {@code THREAD_SAFE}, and it must not block or take locks the
 *       raising code may hold. The agent never raises at this level; tools may.</li>
 * </ul>
 */
public enum CallbackSafety {
    /** {@code MPI_T_CB_REQUIRE_NONE}. */
    NONE,
    /** {@code MPI_T_CB_REQUIRE_MPI_RESTRICTED}. */
    MPI_RESTRICTED,
    /** {@code MPI_T_CB_REQUIRE_THREAD_SAFE}. */
    THREAD_SAFE,
    /** {@code MPI_T_CB_REQUIRE_ASYNC_SIGNAL_SAFE}. */
    ASYNC_SIGNAL_SAFE;

    /** Whether a callback registered for this level may run where {@code required} is required. */
    public boolean satisfies(CallbackSafety required) {
        return compareTo(required) >= 0;
    }
}
