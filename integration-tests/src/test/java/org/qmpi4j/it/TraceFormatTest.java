package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.PerfettoTraces;
import org.qmpi4j.launch.JobResult;

/**
 * What rank 0 writes at {@code MPI_Finalize} by the trace's size, with the default settings: a
 * small job's trace as {@code trace.json}; one whose shards exceed {@code tracer.json-limit} (the
 * size past which the JSON viewers fail, benchmarks/TRACE-VIEWERS.md) as {@code trace.pftrace} in
 * Perfetto's protobuf format, read here against Perfetto's schema, with every call the profiler
 * counted; {@code qmpi4j merge} rebuilds the same file from the shards.
 */
class TraceFormatTest {
    /** PingPong round trips whose shards (about 70 bytes per round trip) pass the default JSON limit, 5 MiB. */
    private static final String LARGE = "100000";

    private static final String TOOLS = "tools=profiler,tracer";

    @Test
    void aTraceOverTheJsonLimitIsWrittenInPerfettosFormatWithEveryCall(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.SAMPLES + "PingPong", 2)
                .args("--iterations", LARGE, "--warmup", "10", "--sizes", "8")
                .timeout(Duration.ofMinutes(5))
                .jvmOption(AgentJob.agentOption(TOOLS))
                .env("QMPI4J_OUTPUT", out.toString()));
        AgentJob.assertOk(result, 2);
        assertThat(resultsLine(result))
                .endsWith("(report.txt, report.html, profile.json, matrix.html, matrix.svg," + " trace.pftrace)");
        assertThat(AgentJob.rankStderr(result, 0))
                .as(result.describe())
                .anyMatch(l -> l.startsWith("qmpi4j tracer: the 2 ranks' trace shards hold ")
                        && l.contains("over tracer.json-limit (")
                        && l.contains("the trace is in trace.pftrace"));
        assertThat(out.resolve("trace.json")).doesNotExist();
        assertThat(shardBytes(out)).isGreaterThan(5L << 20);

        PerfettoTraces trace = PerfettoTraces.read(out.resolve("trace.pftrace"));
        JobResults.Profile profile = JobResults.in(out).profile();
        assertThat(trace.processes).containsEntry(0, "rank 0").containsEntry(1, "rank 1");
        assertThat(trace.events).as("slices per rank and function").isEqualTo(profile.callsPerRank);
        // Every message of the ping-pong has its arrow, both ends.
        assertThat(trace.flowStarts).isEqualTo(trace.flowEnds).isGreaterThanOrEqualTo(2 * 100_000L);

        Path copy = tmp.resolve("copy");
        ProfilerTest.copyTree(out.resolve("ranks"), copy.resolve("ranks"));
        // Five minutes, as the job: a merge of 9 MB of shards (600,000 calls into Perfetto's format,
        // with the wait analysis and the iterations) takes about 7 s (11 s of CPU) on a quiet
        // machine, and passed a minute beside a CPU hog and two builds.
        BundledTools.Command merge = BundledTools.qmpi4jWithin(Duration.ofMinutes(5), "merge", copy.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        assertThat(copy.resolve("trace.json")).doesNotExist();
        PerfettoTraces merged = PerfettoTraces.read(copy.resolve("trace.pftrace"));
        assertThat(merged.events).isEqualTo(trace.events);
        assertThat(merged.flowStarts).isEqualTo(trace.flowStarts);
    }

    @Test
    void aSmallTraceIsStillTraceJson(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.SAMPLES + "PingPong", 2)
                .args("--iterations", "200", "--sizes", "8")
                .jvmOption(AgentJob.agentOption(TOOLS))
                .env("QMPI4J_OUTPUT", out.toString()));
        AgentJob.assertOk(result, 2);
        assertThat(resultsLine(result))
                .endsWith("(report.txt, report.html, profile.json, matrix.html, matrix.svg," + " trace.json)");
        assertThat(out.resolve("trace.pftrace")).doesNotExist();
        assertThat(JobResults.in(out).trace().events)
                .isEqualTo(JobResults.in(out).profile().callsPerRank);
    }

    private static String resultsLine(JobResult result) {
        List<String> lines = AgentJob.rankStderr(result, 0).stream()
                .filter(l -> l.startsWith("qmpi4j: results in "))
                .collect(Collectors.toList());
        assertThat(lines).as(result.describe()).hasSize(1);
        return lines.get(0);
    }

    private static long shardBytes(Path out) throws Exception {
        try (Stream<Path> s = Files.list(out.resolve("ranks"))) {
            long total = 0;
            for (Path p : s.filter(p -> p.toString().endsWith(".trace")).collect(Collectors.toList())) {
                total += Files.size(p);
            }
            return total;
        }
    }
}
