package org.qmpi4j.api.mpit;

/**
 * {@code MPI_T_event_free_cb_function}: runs once a registration given to
 * {@link MpiT#eventHandleFree} will receive no more callbacks; after it, none runs.
 */
@FunctionalInterface
public interface EventFreeCallback {
    /** @param safety the restrictions of the context it runs in */
    void onFree(EventRegistration registration, CallbackSafety safety);
}
