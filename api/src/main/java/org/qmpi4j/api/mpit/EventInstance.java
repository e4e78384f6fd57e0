package org.qmpi4j.api.mpit;

/**
 * {@code MPI_T_event_instance}: one raised event, as a callback receives it. Valid only while
 * that callback runs: {@link MpiT#eventRead}, {@link MpiT#eventCopy},
 * {@link MpiT#eventGetTimestamp} and {@link MpiT#eventGetSource} answer
 * {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE} once it returned. Copy what you need.
 */
public interface EventInstance {}
