package org.qmpi4j.tools.check;

import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * The completion of one request ({@code MPI_WAIT}, {@code MPI_TEST}), the common case, read
 * without the lists {@link org.qmpi4j.tools.mpi.Completions} fills for the forms that complete
 * several.
 */
final class SingleCompletion {
    private SingleCompletion() {}

    static boolean handles(MpiFunction f) {
        return f == MpiFunction.MPI_WAIT || f == MpiFunction.MPI_TEST;
    }

    /** The request {@code call} (one {@link #handles}, returned normally) completed, or {@code null}. */
    static @Nullable Object request(MpiCall call) {
        Object request = call.request();
        if (request == null || call.function() == MpiFunction.MPI_WAIT) {
            return request;
        }
        Object result = call.result();
        boolean done = result instanceof Boolean ? (Boolean) result : result != null;
        return done ? request : null;
    }

    /** The status {@code call} returned, or {@code null} where it returned none. */
    static @Nullable Object status(MpiCall call) {
        Object result = call.result();
        return result instanceof Boolean || result instanceof Integer ? null : result;
    }
}
