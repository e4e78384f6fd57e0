package org.qmpi4j.api.mpit;

/** {@code MPI_T_event_cb_function}: runs for each event instance a registration receives. */
@FunctionalInterface
public interface EventCallback {
    /**
     * @param instance     the event, readable until this method returns
     * @param registration the registration it arrived through
     * @param safety       the level the raising context requires (at most the callback's own)
     */
    void onEvent(EventInstance instance, EventRegistration registration, CallbackSafety safety);
}
