package org.qmpi4j.api.mpit;

/**
 * {@code MPI_T_event_registration}: one user's registration for an event type, bound to an MPI
 * object (from {@link MpiT#eventHandleAlloc}, until {@link MpiT#eventHandleFree}).
 */
public interface EventRegistration {
    /** The event type's index. */
    int eventIndex();
}
