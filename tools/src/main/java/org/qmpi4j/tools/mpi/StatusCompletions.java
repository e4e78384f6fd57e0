package org.qmpi4j.tools.mpi;

import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.Nullable;

/**
 * A completion call run through the method of its MPI function that returns statuses, for a
 * tool that must know what a wildcard receive took. Open MPI's bindings have two methods for most
 * completions: {@code waitFor()} and {@code waitStatus()} are both {@code MPI_Wait}, and the first
 * passes {@code MPI_STATUS_IGNORE}, so the source and tag of the message are gone for good. Both
 * run the same C call on the same requests; only what they return differs, and {@link #asWritten}
 * turns the statuses back into what the application's method returns.
 */
public final class StatusCompletions {
    private StatusCompletions() {}

    /** Whether {@code call} is a completion whose method returns no status (void, a flag, indices). */
    public static boolean dropsStatuses(MpiCall call) {
        if (!Completions.COMPLETING.contains(call.function())) {
            return false;
        }
        Class<?> type = call.resultType();
        return type == void.class || type == boolean.class || type == int.class || type == int[].class;
    }

    /** {@code call} as a call of its function's main method, which returns statuses. */
    public static MpiCall withStatuses(MpiCall call) {
        Object[] args = new Object[call.argumentCount()];
        for (int i = 0; i < args.length; i++) {
            args[i] = call.argument(i);
        }
        return call.withFunction(call.function(), call.receiver(), args);
    }

    /**
     * What {@code call}'s own method would have returned, given what the status method returned:
     * nothing, whether it completed, the index, or the indices.
     *
     * @param undefined the binding's {@code MPI.UNDEFINED}: the index when nothing completed
     */
    public static @Nullable Object asWritten(MpiCall call, @Nullable Object statuses, int undefined) {
        Class<?> type = call.resultType();
        if (type == void.class) {
            return null;
        }
        if (type == boolean.class) {
            return statuses != null;
        }
        if (type == int.class) {
            if (statuses == null) {
                return undefined;
            }
            int index = StatusFields.index(statuses);
            return index == StatusFields.UNKNOWN ? undefined : index;
        }
        if (!(statuses instanceof Object[])) {
            return null; // MPI_UNDEFINED outcount: both methods return null
        }
        Object[] all = (Object[]) statuses;
        int[] indices = new int[all.length];
        for (int i = 0; i < all.length; i++) {
            indices[i] = StatusFields.index(all[i]);
        }
        return indices;
    }
}
