package org.qmpi4j.report.iterations;

import java.io.IOException;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Iterations;

/**
 * Every rank's calls in the order the rank made them, readable more than once (the finder reads
 * them in three passes, one rank at a time, so that no pass holds more than one rank's calls).
 */
public interface CallSource {
    /** The ranks, in order. */
    int[] ranks();

    /** Hands rank {@code rank}'s calls to {@code sink}, in order. */
    void read(int rank, Sink sink) throws IOException;

    /** Receives one rank's calls. */
    interface Sink {
        /**
         * One call: the function at its site ({@code site} the same instance for every call of
         * that function at that site on this rank, so that it can be a map key), its entry and
         * exit in nanoseconds.
         */
        void call(Iterations.Boundary site, long start, long end);

        /**
         * As {@link #call(Iterations.Boundary, long, long)}, with what the JVM did in the
         * interval before the call and inside it ({@code jvm}: a trace's JVM record, ten numbers,
         * {@code null} when the trace does not tell); valid only during the call, as a source may
         * reuse it. Sinks that need only the times need not override it.
         */
        default void call(Iterations.Boundary site, long start, long end, @Nullable long[] jvm) {
            call(site, start, end);
        }

        /**
         * As {@link #call(Iterations.Boundary, long, long, long[])}, with the level an
         * {@code MPI_PCONTROL} call set ({@code level}; {@link #NO_LEVEL} for other calls, and
         * where the trace does not tell). Sinks that need no level need not override it.
         */
        default void call(Iterations.Boundary site, long start, long end, @Nullable long[] jvm, long level) {
            call(site, start, end, jvm);
        }
    }

    /** The level of a call that set none (not {@code MPI_PCONTROL}, or a trace that does not tell). */
    long NO_LEVEL = Long.MIN_VALUE;
}
