package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * The profiler's communication matrix against an independent truth in the same run: Open MPI
 * 4.1's monitoring component ({@code pml_monitoring_enable 2}), whose per-rank files count the
 * point-to-point messages and bytes each rank sent to each peer ({@code E} lines, application
 * messages) apart from the traffic inside collectives ({@code I} lines). Nothing is subtracted:
 * the profiler gathers through collectives on a communicator of its own, so the {@code E} counts
 * of a job under the profiler are the application's alone, and they equal the matrix pair by pair.
 */
class MonitoringMatrixTest {
    @ParameterizedTest(name = "{0} with {1} ranks")
    @CsvSource({"Ring, 2", "PingPong, 2", "Stencil, 4", "Collectives, 4", "styles.MasterWorker, 4"})
    void theMatrixEqualsWhatOpenMpisMonitoringCounted(String sample, int ranks, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        Path monitoring = tmp.resolve("monitoring");
        Files.createDirectories(monitoring);
        MpiJob.Builder job = AgentJob.withTools(AgentJob.SAMPLES + sample, ranks, "profiler")
                .env("QMPI4J_OUTPUT", out.toString())
                .env("OMPI_MCA_pml_monitoring_enable", "2")
                .env("OMPI_MCA_pml_monitoring_enable_output", "3")
                .env(
                        "OMPI_MCA_pml_monitoring_filename",
                        monitoring.resolve("prof").toString());
        if (sample.equals("PingPong")) {
            job.args("--iterations", "20", "--sizes", "0,1,1024,70000");
        } else if (sample.equals("Stencil")) {
            job.args("32", "20");
        }
        JobResult result = AgentJob.run(job);
        AgentJob.assertOk(result, ranks);

        long[][] messages = new long[ranks][ranks];
        long[][] bytes = new long[ranks][ranks];
        for (int r = 0; r < ranks; r++) {
            Path file = monitoring.resolve("prof." + r + ".prof");
            assertThat(file)
                    .as("monitoring file of rank %d\n%s", r, result.describe())
                    .exists();
            readApplicationLines(file, messages, bytes);
        }
        JobResults.Profile p = JobResults.in(out).profile();
        assertThat(p.root.get("complete").asBoolean()).isTrue();
        long total = 0;
        for (int s = 0; s < ranks; s++) {
            for (int d = 0; d < ranks; d++) {
                assertThat(p.matrixMessages[s][d])
                        .as("messages %d -> %d (monitoring: %d)", s, d, messages[s][d])
                        .isEqualTo(messages[s][d]);
                assertThat(p.matrixBytes[s][d])
                        .as("bytes %d -> %d (monitoring: %d)", s, d, bytes[s][d])
                        .isEqualTo(bytes[s][d]);
                total += messages[s][d];
            }
        }
        if (!sample.equals("Collectives")) {
            assertThat(total)
                    .as("point-to-point messages the monitoring counted")
                    .isPositive();
        }
    }

    /** Adds the {@code E} lines ({@code E <from> <to> <n> bytes <m> msgs sent ...}) of one file. */
    private static void readApplicationLines(Path file, long[][] messages, long[][] bytes) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (String line : lines) {
            if (!line.startsWith("E\t")) {
                continue;
            }
            String[] f = line.split("\t");
            int from = Integer.parseInt(f[1]);
            int to = Integer.parseInt(f[2]);
            assertThat(f[3]).endsWith(" bytes");
            assertThat(f[4]).endsWith(" msgs sent");
            bytes[from][to] += Long.parseLong(f[3].substring(0, f[3].indexOf(' ')));
            messages[from][to] += Long.parseLong(f[4].substring(0, f[4].indexOf(' ')));
        }
    }
}
