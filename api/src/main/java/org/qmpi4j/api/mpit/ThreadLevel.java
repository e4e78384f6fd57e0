package org.qmpi4j.api.mpit;

/**
 * Levels of thread support, as for {@code MPI_INIT_THREAD} (Section 12.4), in increasing order.
 * qmpi4j's tool information interface always provides {@link #MULTIPLE}: every routine may be
 * called from any thread at any time, including from sampling threads.
 */
public enum ThreadLevel {
    SINGLE,
    FUNNELED,
    SERIALIZED,
    MULTIPLE
}
