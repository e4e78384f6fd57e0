package org.qmpi4j.agent.internal.telemetry;

import org.qmpi4j.api.Nullable;

/**
 * What the monitor asks the binding of its MPI process, through the descriptor's canonical
 * methods (never through the application's call sites, so nothing here is intercepted).
 */
public interface MonitoredBinding {
    /** Size of {@code MPI_COMM_WORLD}. */
    int worldSize() throws Exception;

    /** Number of processes in the communicator. */
    int size(@Nullable Object comm) throws Exception;

    /** For each rank of {@code comm}, its rank in {@code MPI_COMM_WORLD}, or -1 if it has none. */
    int[] worldRanks(@Nullable Object comm) throws Exception;

    /**
     * Whether a request is complete and freed (the binding's null request), or {@code null} if the
     * binding's descriptor does not say how to tell.
     */
    @Nullable
    Boolean requestIsNull(Object request);
}
