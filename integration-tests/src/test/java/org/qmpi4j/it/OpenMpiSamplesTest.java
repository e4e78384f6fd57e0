package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;
import org.qmpi4j.launch.OpenMpiLauncher;

/** Every Open MPI sample, under real {@code mpirun}, with 2 and 4 ranks, verifies its own result. */
class OpenMpiSamplesTest {
    private final OpenMpiLauncher launcher = new OpenMpiLauncher();

    @ParameterizedTest(name = "{0} with {1} ranks")
    @MethodSource("org.qmpi4j.it.support.OpenMpiSampleRuns#everySampleWithTwoAndFourRanks")
    void sampleVerifiesItsResultOnEveryRank(String sample, int ranks) throws Exception {
        JobResult result = launcher.run(MpiJob.builder("org.qmpi4j.samples.openmpi." + sample)
                .classpath(ItJars.jar("qmpi4j-samples-openmpi"), ItJars.jar("qmpi4j-samples-common"))
                .ranks(ranks)
                .timeout(Duration.ofMinutes(2))
                .build());

        assertThat(result.succeeded()).as(result.describe()).isTrue();
        SampleOutput out = SampleOutput.parse(result);
        assertThat(out.ranks().keySet())
                .as(result.describe())
                .containsExactlyElementsOf(IntStream.range(0, ranks).boxed()::iterator);
        assertThat(out.okRanks())
                .as("ranks whose own check passed\n" + result.describe())
                .hasSize(ranks);
        out.ranks().forEach((rank, report) -> {
            assertThat(report.calls).as("rank %d counted its MPI calls", rank).containsKeys("MPI_INIT", "MPI_FINALIZE");
            // Open MPI's tagged output must attribute each rank's report to that rank.
            assertThat(result.rankStdout(rank))
                    .as("output of rank %d", rank)
                    .anyMatch(l -> l.startsWith("QMPI4J-SAMPLE rank=" + rank + " "));
        });
    }
}
