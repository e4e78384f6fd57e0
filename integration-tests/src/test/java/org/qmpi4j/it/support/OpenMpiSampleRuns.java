package org.qmpi4j.it.support;

import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The Open MPI samples that compute something (not the feature programs, not {@code QueueDepth},
 * which serves the {@code long-queue} tool), each with 2 and 4 ranks: the runs that the tests of
 * "every sample" parameterise over, listed once so that a new sample joins all of them.
 */
public final class OpenMpiSampleRuns {
    private OpenMpiSampleRuns() {}

    /** {@code (sample, ranks)} pairs for {@code @MethodSource}. */
    public static Stream<Arguments> everySampleWithTwoAndFourRanks() {
        return Stream.of("Ring", "PingPong", "Stencil", "Collectives")
                .flatMap(sample -> Stream.of(Arguments.of(sample, 2), Arguments.of(sample, 4)));
    }
}
