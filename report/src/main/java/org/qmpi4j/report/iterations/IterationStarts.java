package org.qmpi4j.report.iterations;

/**
 * Told, rank after rank, when each rank started each iteration and when it left the loop, as the
 * iterations are measured ({@link IterationTimes}); times in ns on the trace's common clock.
 */
public interface IterationStarts {
    /** Before the first rank: the job's {@code ranks} ranks ran {@code count} iterations. */
    void begin(int ranks, long count);

    /** Rank {@code rank} started iteration {@code iteration} (from 1) at {@code time}. */
    void start(int rank, long iteration, long time);

    /** Rank {@code rank} ended its last iteration at {@code time}. */
    void end(int rank, long time);
}
