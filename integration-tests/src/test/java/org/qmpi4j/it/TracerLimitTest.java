package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.launch.JobResult;

/**
 * The tracer's memory and disk stay bounded: past {@code qmpi4j.tracer.limit} a rank stops
 * recording and says so, on stderr and in the trace. Also: with no output setting the results go
 * to a new {@code qmpi4j-<date>-<time>} folder in the job's working directory, the same for every
 * rank.
 */
class TracerLimitTest {
    @Test
    void stopsAtTheLimitAndSaysSoInTheDefaultFolder(@TempDir Path work) throws Exception {
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.SAMPLES + "Stencil", 2)
                .args("32", "100") // enough calls to pass 3 KiB of binary records
                .jvmOption("-Dqmpi4j.tracer.limit=3k")
                .jvmOption("-javaagent:" + ItJars.jar("qmpi4j-agent") + "=tools=profiler,tracer;verbose")
                .workDir(work));
        AgentJob.assertOk(result, 2);
        List<Path> folders;
        try (Stream<Path> s = Files.list(work)) {
            folders = s.filter(p -> p.getFileName().toString().matches("qmpi4j-\\d{8}-\\d{6}(-\\d+)?"))
                    .collect(Collectors.toList());
        }
        assertThat(folders).as("results folders in %s", work).hasSize(1);
        Path out = folders.get(0);
        for (int r = 0; r < 2; r++) {
            String rank = Integer.toString(r);
            assertThat(AgentJob.rankStderr(result, r))
                    .as(result.describe())
                    .anyMatch(l ->
                            l.startsWith("qmpi4j tracer: rank " + rank + " reached the trace size limit of 3 KiB after")
                                    && l.contains("qmpi4j.tracer.limit / QMPI4J_TRACER_LIMIT"));
            assertThat(Files.size(out.resolve("ranks/rank-" + r + ".trace"))).isLessThanOrEqualTo(3 << 10);
        }
        JobResults.Trace t = JobResults.in(out).trace();
        assertThat(t.truncatedRanks).containsExactly(0, 1);
        assertThat(t.instantEvents).isEqualTo(2);
        JobResults.Profile p = JobResults.in(out).profile();
        assertThat(p.root.get("complete").asBoolean()).isTrue();
        long traced =
                t.events.get(0).values().stream().mapToLong(Long::longValue).sum();
        long profiled = p.callsPerRank.get(0).values().stream()
                .mapToLong(Long::longValue)
                .sum();
        assertThat(traced).isPositive().isLessThan(profiled);
    }
}
