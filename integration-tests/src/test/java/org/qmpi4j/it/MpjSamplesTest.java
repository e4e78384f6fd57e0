package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.Launcher;
import org.qmpi4j.launch.MpiJob;
import org.qmpi4j.launch.MpjMulticoreLauncher;
import org.qmpi4j.launch.MpjNiodevLauncher;

/**
 * Every MPJ Express sample in both of MPJ's modes verifies its own result, and matches the Open MPI
 * version of the same algorithm call for call and byte for byte.
 */
class MpjSamplesTest {

    static Launcher launcher(String mode) {
        return mode.equals("multicore") ? new MpjMulticoreLauncher() : new MpjNiodevLauncher();
    }

    @ParameterizedTest(name = "{0} in {1} mode with {2} ranks")
    @CsvSource({
        "Ring, multicore, 2", "Ring, niodev, 2",
        "Stencil, multicore, 2", "Stencil, niodev, 2",
    })
    void sampleVerifiesItsResultOnEveryRank(String sample, String mode, int ranks) throws Exception {
        JobResult result = launcher(mode)
                .run(MpiJob.builder("org.qmpi4j.samples.mpj." + sample)
                        .classpath(ItJars.jar("qmpi4j-samples-mpj"), ItJars.jar("qmpi4j-samples-common"))
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
        out.ranks()
                .forEach((rank, report) -> assertThat(result.rankStdout(rank))
                        .as("output of rank %d", rank)
                        .anyMatch(l -> l.startsWith("QMPI4J-SAMPLE rank=" + rank + " ")));

        // Same algorithm, same inputs: the Open MPI version makes the same calls and sends the same bytes.
        JobResult openMpi = new org.qmpi4j.launch.OpenMpiLauncher()
                .run(MpiJob.builder("org.qmpi4j.samples.openmpi." + sample)
                        .classpath(ItJars.jar("qmpi4j-samples-openmpi"), ItJars.jar("qmpi4j-samples-common"))
                        .ranks(ranks)
                        .timeout(Duration.ofMinutes(2))
                        .build());
        SampleOutput reference = SampleOutput.parse(openMpi);
        out.ranks().forEach((rank, report) -> {
            SampleOutput.RankReport ref = reference.rankReport(rank);
            assertThat(report.calls).as("calls of rank %d vs Open MPI", rank).isEqualTo(ref.calls);
            assertThat(report.sentTo.keySet()).isEqualTo(ref.sentTo.keySet());
            report.sentTo.forEach((peer, acc) ->
                    assertThat(acc).as("rank %d to %d", rank, peer).containsExactly(ref.sentTo.get(peer)));
        });
    }
}
