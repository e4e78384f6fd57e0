package org.qmpi4j.agent.internal.telemetry;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import org.qmpi4j.api.Nullable;

/**
 * World ranks of each communicator's members, asked of the binding once per communicator object
 * (a communicator's group never changes) and forgotten when the communicator is collected.
 */
final class CommunicatorRanks {
    private static final int[] NONE = new int[0];

    private final Map<Object, int[]> cache = Collections.synchronizedMap(new WeakHashMap<>());
    private volatile @Nullable MonitoredBinding binding;

    void attach(@Nullable MonitoredBinding b) {
        this.binding = b;
    }

    MonitoredBinding probe() {
        MonitoredBinding b = binding;
        if (b == null) {
            throw new IllegalArgumentException("the MPI process has not called any MPI function yet");
        }
        return b;
    }

    /** World ranks of {@code comm}'s members; empty if they cannot be known (the binding failed). */
    int[] worldRanks(@Nullable Object comm) {
        int[] known = cache.get(comm);
        if (known != null) {
            return known;
        }
        int[] ranks;
        try {
            ranks = probe().worldRanks(comm);
        } catch (Exception | LinkageError e) {
            ranks = NONE;
        }
        cache.put(comm, ranks);
        return ranks;
    }

    /** Like {@link #worldRanks} but failing loudly, for binding a handle to the communicator. */
    int[] worldRanksOrFail(@Nullable Object comm) {
        int[] ranks = worldRanks(comm);
        if (ranks.length == 0) {
            cache.remove(comm);
            throw new IllegalArgumentException("cannot tell the members of " + comm
                    + " (is MPI initialised, and is it a live intra-communicator?)");
        }
        return ranks;
    }
}
