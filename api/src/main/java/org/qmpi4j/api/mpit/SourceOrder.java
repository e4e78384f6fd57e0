package org.qmpi4j.api.mpit;

/** {@code MPI_T_source_order}: whether a source delivers its events in the order of their timestamps. */
public enum SourceOrder {
    /** {@code MPI_T_SOURCE_ORDERED}: callbacks see the source's events in timestamp order. */
    ORDERED,
    /** {@code MPI_T_SOURCE_UNORDERED}: no order is promised. */
    UNORDERED
}
