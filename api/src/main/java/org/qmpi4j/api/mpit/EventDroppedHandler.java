package org.qmpi4j.api.mpit;

/**
 * {@code MPI_T_event_dropped_cb_function}: tells a registration how many of its events could not
 * be delivered since it was last told (see {@link MpiT#eventSetDroppedHandler}).
 */
@FunctionalInterface
public interface EventDroppedHandler {
    /**
     * @param count        events dropped, at least 1
     * @param registration the registration that missed them
     * @param sourceIndex  the source of the event whose raising reports them
     * @param safety       the restrictions of the context it runs in
     */
    void onDropped(long count, EventRegistration registration, int sourceIndex, CallbackSafety safety);
}
