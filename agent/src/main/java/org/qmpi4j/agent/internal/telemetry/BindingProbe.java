package org.qmpi4j.agent.internal.telemetry;

import java.util.Objects;
import org.qmpi4j.agent.internal.access.BindingAccess;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * Answers the monitor's questions with the binding's canonical methods for {@code MPI_COMM_SIZE},
 * {@code MPI_COMM_GROUP}, {@code MPI_GROUP_TRANSLATE_RANKS} and {@code MPI_GROUP_FREE}, so it
 * works for any binding whose descriptor maps them. It calls the binding's methods directly (no
 * tool and no measurement sees these calls); the monitor asks once per communicator and keeps the
 * answer ({@code CommunicatorRanks}).
 */
public final class BindingProbe implements MonitoredBinding {
    private final BindingAccess access;

    public BindingProbe(BindingAccess access) {
        this.access = access;
    }

    private @Nullable Object call(MpiFunction f, @Nullable Object... args) throws Exception {
        try {
            return access.canonical(f, null).callBinding(args);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    @Override
    public int worldSize() throws Exception {
        return size(access.constant("COMM_WORLD"));
    }

    @Override
    public int size(@Nullable Object comm) throws Exception {
        return ((Number)
                        Objects.requireNonNull(call(MpiFunction.MPI_COMM_SIZE, comm), "MPI_COMM_SIZE returned nothing"))
                .intValue();
    }

    @Override
    public int[] worldRanks(@Nullable Object comm) throws Exception {
        Object world = access.constant("COMM_WORLD");
        int n = size(comm);
        int[] ranks = new int[n];
        for (int i = 0; i < n; i++) {
            ranks[i] = i;
        }
        if (comm == world) {
            return ranks;
        }
        Object group = call(MpiFunction.MPI_COMM_GROUP, comm);
        Object worldGroup = call(MpiFunction.MPI_COMM_GROUP, world);
        try {
            int[] translated = (int[]) Objects.requireNonNull(
                    call(MpiFunction.MPI_GROUP_TRANSLATE_RANKS, group, ranks, worldGroup),
                    "MPI_GROUP_TRANSLATE_RANKS returned nothing");
            for (int i = 0; i < translated.length; i++) {
                if (translated[i] < 0) {
                    translated[i] = -1; // MPI_UNDEFINED
                }
            }
            return translated;
        } finally {
            freeGroup(group);
            freeGroup(worldGroup);
        }
    }

    private void freeGroup(@Nullable Object group) {
        try {
            call(MpiFunction.MPI_GROUP_FREE, group);
        } catch (Exception e) {
            // a binding without MPI_GROUP_FREE leaves groups to its garbage collection
        }
    }

    @Override
    public @Nullable Boolean requestIsNull(Object request) {
        return access.requestIsNull(request);
    }
}
