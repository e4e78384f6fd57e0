package org.qmpi4j.bench.shortjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.bench.Variants;

/**
 * Not a measurement: keeps the short-job comparison running under real mpirun, the CPU time of
 * the rank's JVM read back from the timed java, and the report's targets rendered.
 */
class ShortJobsSmokeTest {
    @Test
    void shortJobsRunAndAreTimed(@TempDir Path out) throws Exception {
        ShortJobs.Settings s = new ShortJobs.Settings();
        s.repetitions = 1;
        s.variants = List.of(Variants.NONE, Variants.AGENT);
        s.sequence = false;
        s.out = out;
        ShortJobs.Report r = ShortJobs.run(s, System.out);

        for (var v : s.variants) {
            assertThat(r.values(v, ShortJobs.ONE_JVM_CPU))
                    .as("CPU in %s", v)
                    .singleElement()
                    .satisfies(ms -> assertThat(ms).isGreaterThan(10.0).isLessThan(60_000.0));
            assertThat(r.values(v, ShortJobs.TWO_RANKS_WALL))
                    .as("wall in %s", v)
                    .singleElement()
                    .satisfies(ms -> assertThat(ms).isPositive());
            // The end of a 4-rank job: both figures read from the ranks' lines.
            assertThat(r.values(v, ShortJobs.endOfJob(4)))
                    .as("end of job in %s", v)
                    .hasSize(1);
            assertThat(r.values(v, ShortJobs.othersHeld(4)))
                    .as("the other ranks' return in %s", v)
                    .singleElement()
                    .satisfies(ms -> assertThat(ms).isFinite());
        }
        assertThat(r.markdown())
                .contains("## Targets (short jobs)", "agent, no tool: at most +50 ms CPU in one JVM")
                .containsPattern("profiler,tracer: at most \\+150 ms CPU in one JVM +\\| not measured in this run");
        assertThat(out.resolve("short-repetitions.csv")).exists();
    }
}
