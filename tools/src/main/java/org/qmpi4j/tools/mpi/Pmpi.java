package org.qmpi4j.tools.mpi;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;

/**
 * The results of the tools' own calls ({@link Qmpi#pmpi}) for functions that always return one: a
 * rank, a size, a group. {@code pmpi} may return {@code null} in general (for {@code void}
 * methods); for these a {@code null} means a binding that broke its contract, and the call fails
 * here, naming the function, instead of as a bare unboxing error further on.
 */
public final class Pmpi {
    private Pmpi() {}

    /** The non-null result of {@code function}. */
    public static Object result(int toolId, MpiFunction function, @Nullable Object receiver, Object... args)
            throws Exception {
        Object r = Qmpi.pmpi(toolId, function, receiver, args);
        if (r == null) {
            throw new IllegalStateException(function + " returned no result");
        }
        return r;
    }

    /** The {@code int} result of {@code function}, e.g. {@code MPI_COMM_RANK}. */
    public static int intResult(int toolId, MpiFunction function, @Nullable Object receiver, Object... args)
            throws Exception {
        return (Integer) result(toolId, function, receiver, args);
    }
}
