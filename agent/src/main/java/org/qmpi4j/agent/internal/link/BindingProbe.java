package org.qmpi4j.agent.internal.link;

import org.qmpi4j.agent.internal.chain.BindingAccess;
import org.qmpi4j.agent.internal.chain.MpiProcess;
import org.qmpi4j.agent.internal.telemetry.MonitoredBinding;
import org.qmpi4j.api.MpiFunction;

/**
 * Answers the monitor's questions with the binding's canonical methods for {@code MPI_COMM_SIZE},
 * {@code MPI_COMM_GROUP}, {@code MPI_GROUP_TRANSLATE_RANKS} and {@code MPI_GROUP_FREE}, so it
 * works for any binding whose descriptor maps them.
 */
final class BindingProbe implements MonitoredBinding {
    private final MpiProcess process;

    BindingProbe(MpiProcess process) {
        this.process = process;
    }

    private Object call(MpiFunction f, Object... args) throws Exception {
        BindingAccess access = process.access();
        try {
            return access.canonical(f, null).invokeBinding(args);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    @Override
    public int worldSize() throws Exception {
        return size(process.access().constant("COMM_WORLD"));
    }

    @Override
    public int size(Object comm) throws Exception {
        return ((Number) call(MpiFunction.MPI_COMM_SIZE, comm)).intValue();
    }

    @Override
    public int[] worldRanks(Object comm) throws Exception {
        Object world = process.access().constant("COMM_WORLD");
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
            int[] translated = (int[]) call(MpiFunction.MPI_GROUP_TRANSLATE_RANKS, group, ranks, worldGroup);
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

    private void freeGroup(Object group) {
        try {
            call(MpiFunction.MPI_GROUP_FREE, group);
        } catch (Exception e) {
            // a binding without MPI_GROUP_FREE leaves groups to its garbage collection
        }
    }

    @Override
    public Boolean requestIsNull(Object request) {
        return process.access().requestIsNull(request);
    }
}
