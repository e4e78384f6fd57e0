package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.trace.ClockModel;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.TraceArrows;
import org.qmpi4j.launch.JobResult;

/**
 * The tracer's clock alignment on a real Open MPI job whose ranks' clocks are made wrong on
 * purpose (the test-only setting {@code tracer.test-clock-skew}: seconds of offset, tens of ppm
 * of drift): on these separate processes the tracer measures each rank's offset to rank 0 at
 * {@code MPI_Init} and {@code MPI_Finalize} and maps every call onto rank 0's clock. Every call
 * lands within the error bound the trace states, no arrow points backwards (after the causality
 * correction; before it, a measurement made wrong on purpose draws some backwards), and
 * {@code qmpi4j trace} builds a trace of chosen ranks and a time window from the shards.
 */
class TracerClockTest {
    private static final int RANKS = 4;
    /** rank -> {offset ns, drift ppm}; rank 0 keeps the true clock, so truth is known on every rank. */
    private static final long[][] SKEW = {{0, 0}, {2_000_000_000L, 80}, {-1_500_000_000L, -120}, {700_000_000L, 40}};

    @Test
    void arrowsPointForwardsAndCallsLandWithinTheErrorBound(@TempDir Path out) throws Exception {
        StringBuilder spec = new StringBuilder();
        for (int r = 1; r < RANKS; r++) {
            spec.append(spec.length() == 0 ? "" : ",")
                    .append(r)
                    .append(':')
                    .append(SKEW[r][0])
                    .append(':');
            spec.append(SKEW[r][1]);
        }
        JobResult result = AgentJob.run(BundledTools.job(AgentJob.SAMPLES + "Ring", RANKS, "profiler,tracer", out)
                .args("200")
                .env("QMPI4J_TRACER_TEST_CLOCK_SKEW", spec.toString()));
        AgentJob.assertOk(result, RANKS);

        // Every call, mapped, is within the stated bound of the truth (the unskewed clock).
        JobResults results = JobResults.in(out);
        for (int rank = 0; rank < RANKS; rank++) {
            int r = rank;
            ShardSummary s = results.shardSummary(r);
            ClockModel c = s.clock();
            assertThat(c.measurements()).as("clock measurements of rank %d", r).isEqualTo(2);
            assertThat(c.firstError()).as("error bound of rank %d", r).isLessThan(r == 0 ? 1 : 50_000_000L);
            double drift = SKEW[r][1] / 1e6;
            long offset = SKEW[r][0];
            long checked = 0;
            long worst = 0;
            for (ShardEvent e : results.shardEvents(r)) {
                for (long local : new long[] {e.start(), e.end()}) {
                    long truth = Math.round((local - offset) / (1 + drift));
                    long error = Math.abs(c.toReference(local) - truth);
                    worst = Math.max(worst, error);
                    assertThat(error)
                            .as("rank %d: a call at local %d maps %d ns from the truth", r, local, error)
                            .isLessThanOrEqualTo(c.errorAt(local) + 2);
                }
                checked++;
            }
            // The drift found is the skew's (rank 0's clock gains -drift against this one) within the
            // range of slopes of the lines through both measurements' bounds, and no more than it.
            double range = 2 * (c.firstError() + c.lastError()) * 1e6 / (c.lastLocal() - c.firstLocal());
            assertThat(c.driftPpm())
                    .as("drift of rank %d in ppm", r)
                    .isCloseTo(-SKEW[r][1], org.assertj.core.data.Offset.offset(range + 1));
            assertThat(Math.abs(c.driftPpm()))
                    .as("drift of rank %d in ppm, in magnitude", r)
                    .isLessThanOrEqualTo(Math.abs(SKEW[r][1]) + 0.01);
            assertThat(checked).as("calls of rank %d", r).isGreaterThan(400);
            System.out.printf(
                    "rank %d: offset %d ns +- %d at MPI_Init, %d +- %d at MPI_Finalize, drift %.1f ppm; worst call %d ns off%n",
                    r, c.firstOffset(), c.firstError(), c.lastOffset(), c.lastError(), c.driftPpm(), worst);
        }

        // trace.json: the offsets and bounds per rank, arrows from each send to its receive, forwards.
        JsonNode trace = results.trace().root;
        List<JsonNode> offsets = trace.get("otherData").get("clock_offsets").elements();
        assertThat(offsets).hasSize(RANKS);
        assertThat(offsets.get(1).get("init_offset_ns").asLong()).isLessThan(-1_900_000_000L);
        assertThat(offsets.get(2).get("init_offset_ns").asLong()).isGreaterThan(1_400_000_000L);
        // Rank 0 runs slower than rank 1: by the skew's 80 ppm, less at most what the bounds leave open.
        assertThat(offsets.get(1).get("drift_ppm").asDouble()).isBetween(-80.01, 0.0);
        assertThat(offsets.get(1).get("error_bound_ns").asLong()).isPositive();
        double last = 0;
        List<Double> rank1Receives = new ArrayList<>();
        for (JsonNode e : trace.get("traceEvents").elements()) {
            if (e.get("ph").asString().equals("X") && e.get("cat").asString().equals("mpi")) {
                last = Math.max(last, e.get("ts").asDouble() + e.get("dur").asDouble());
                if (e.get("pid").asLong() == 1 && e.get("name").asString().equals("MPI_RECV")) {
                    rank1Receives.add(e.get("ts").asDouble());
                }
            }
        }
        // A message is never received before it was sent, within the ranks' stated clock bounds.
        TraceArrows checked = TraceArrows.strict(trace, RANKS, 50_000_000L);
        assertThat(checked.arrows).as("arrows").isGreaterThan(RANKS * 200 - 10);
        System.out.printf(
                "arrows: %d, pointing backwards (within the bounds): %d%n", checked.arrows, checked.backwards);
        // Almost all point forwards: on one machine the ring's messages take longer than the bounds.
        assertThat(checked.backwards).as("arrows pointing backwards").isLessThanOrEqualTo(checked.arrows / 100);
        assertThat(last).as("job length in us (without alignment: seconds)").isLessThan(60e6);

        // qmpi4j trace: ranks 1-2, a window around rank 1's middle receive, as JSON and as Perfetto.
        rank1Receives.sort(null);
        double mid = rank1Receives.get(rank1Receives.size() / 2) / 1e6;
        String from = String.format(java.util.Locale.ROOT, "%.6fs", mid - 0.001);
        String to = String.format(java.util.Locale.ROOT, "%.6fs", mid + 0.020);
        Path part = out.resolve("part.json");
        BundledTools.Command cmd = BundledTools.qmpi4j(
                "trace",
                "--ranks",
                "1-2",
                "--from",
                from,
                "--to",
                to,
                "--format",
                "json",
                "-o",
                part.toString(),
                out.toString());
        assertThat(cmd.exitCode).as(cmd.toString()).isZero();
        JsonNode sub = results.json("part.json");
        Set<Long> pids = new HashSet<>();
        List<Double> times = new ArrayList<>();
        int arrows = 0;
        for (JsonNode e : sub.get("traceEvents").elements()) {
            String ph = e.get("ph").asString();
            if (ph.equals("X") && e.get("cat").asString().equals("mpi")) {
                pids.add(e.get("pid").asLong());
                times.add(e.get("ts").asDouble());
                assertThat(e.get("ts").asDouble() + e.get("dur").asDouble())
                        .isGreaterThanOrEqualTo((mid - 0.001) * 1e6);
                assertThat(e.get("ts").asDouble()).isLessThanOrEqualTo((mid + 0.020) * 1e6);
            } else if (ph.equals("s")) {
                arrows++;
                assertThat(e.get("id").asString()).startsWith("1-2-"); // only 1 -> 2 has both ends chosen
            }
        }
        assertThat(pids).containsExactlyInAnyOrder(1L, 2L);
        assertThat(times).isNotEmpty();
        assertThat(arrows).isPositive();

        cmd = BundledTools.qmpi4j("trace", "--ranks", "0-1", "--from", from, "--to", to, out.toString());
        assertThat(cmd.exitCode).as(cmd.toString()).isZero();
        assertThat(cmd.stderr).contains("trace of 2 rank(s)").contains(".pftrace");
        try (var files = Files.list(out)) {
            Path pf = files.filter(f -> f.getFileName().toString().endsWith(".pftrace"))
                    .findFirst()
                    .orElseThrow();
            assertThat(Files.size(pf)).isGreaterThan(1000);
        }
    }

    /**
     * Rank 1's offset measured wrong by ten times its bound (the test-only bias): before the
     * causality correction the messages it receives are drawn arriving before they left; after it,
     * at rank 0 and in {@code qmpi4j trace}, no arrow points backwards, and the metadata says rank 1
     * was moved beyond its bound.
     */
    @Test
    void arrowsPointingBackwardsBeforeTheCorrectionPointForwardsAfterIt(@TempDir Path out) throws Exception {
        JobResult result = AgentJob.run(BundledTools.job(AgentJob.SAMPLES + "Ring", RANKS, "profiler,tracer", out)
                .args("200")
                .env("QMPI4J_TRACER_TEST_CLOCK_SKEW", "1:2000000000:80:-10,2:-1500000000:-120"));
        AgentJob.assertOk(result, RANKS);

        Path raw = out.resolve("uncorrected.json");
        BundledTools.Command cmd = BundledTools.qmpi4j(
                "trace", "--format", "json", "--no-causality-correction", "-o", raw.toString(), out.toString());
        assertThat(cmd.exitCode).as(cmd.toString()).isZero();
        JobResults results = JobResults.in(out);
        TraceArrows before = TraceArrows.countBackwards(results.json("uncorrected.json"), RANKS, 50_000_000L);
        System.out.printf("without the correction: %d of %d arrows point backwards%n", before.backwards, before.arrows);
        assertThat(before.backwards)
                .as("arrows pointing backwards without the correction")
                .isPositive();

        JsonNode trace = results.trace().root;
        TraceArrows after = TraceArrows.strict(trace, RANKS, 50_000_000L);
        assertThat(after.arrows).isEqualTo(before.arrows);
        JsonNode correction = trace.get("otherData").get("clock_correction");
        System.out.println("clock_correction: " + correction.get("status").asString() + ", "
                + correction.get("segments").asLong() + " segments");
        assertThat(correction.get("backward_before").asLong()).isEqualTo(before.backwards);
        // Ten times its bound wrong: no grid of the correction can keep rank 1 within its bound. (With
        // three times, a fine enough grid could: the ring's messages take longer than the bounds.)
        assertThat(correction.get("status").asString()).isEqualTo("beyond the error bounds");
        JsonNode rank1 = null;
        for (JsonNode r : correction.get("moved_ranks").elements()) {
            if (r.get("rank").asLong() == 1) {
                rank1 = r;
            }
        }
        assertThat(rank1).as("rank 1 among the moved ranks").isNotNull();
        System.out.println(
                "rank 1: largest shift " + rank1.get("largest_shift_ns").asLong() + " ns, bound "
                        + rank1.get("bound_ns").asLong() + " ns");
        assertThat(rank1.get("largest_shift_ns").asLong())
                .as("rank 1 moved forwards")
                .isPositive();
        assertThat(rank1.get("within_bound").asBoolean()).isFalse();

        Path part = out.resolve("part.json");
        cmd = BundledTools.qmpi4j("trace", "--format", "json", "-o", part.toString(), out.toString());
        assertThat(cmd.exitCode).as(cmd.toString()).isZero();
        TraceArrows.strict(results.json("part.json"), RANKS, 50_000_000L);
    }

    @Test
    void pastTheMergeLimitRanksKeepTheirShardsAndTheCommandBuildsAPart(@TempDir Path out) throws Exception {
        JobResult result = AgentJob.run(BundledTools.job(AgentJob.SAMPLES + "Ring", RANKS, "profiler,tracer", out)
                .args("100")
                .env("QMPI4J_TRACER_MERGE_LIMIT", "2k"));
        AgentJob.assertOk(result, RANKS);
        assertThat(out.resolve("trace.json")).doesNotExist();
        assertThat(AgentJob.rankStderr(result, 0))
                .as(result.describe())
                .anyMatch(l -> l.contains("over tracer.merge-limit (2 KiB)")
                        && l.contains("qmpi4j trace --ranks 0-3 --from ")
                        && l.contains("qmpi4j merge " + out));
        // Rank 0 did not read every shard at MPI_Finalize to analyse the waits; merge does.
        JobResults results = JobResults.in(out);
        assertThat(results.profile().root.has("wait_analysis")).isFalse();
        BundledTools.Command merge = BundledTools.qmpi4j("merge", out.toString());
        assertThat(merge.exitCode).as(merge.toString()).isZero();
        assertThat(results.profile().root.has("wait_analysis")).isTrue();
        JsonNode index = results.json("trace-index.json");
        assertThat(index.get("shards").elements()).hasSize(RANKS);
        long total = 0;
        for (JsonNode s : index.get("shards").elements()) {
            Path shard = out.resolve(s.get("path").asString());
            assertThat(Files.size(shard)).isEqualTo(s.get("bytes").asLong());
            assertThat(s.get("calls").asLong()).isGreaterThan(200);
            total += s.get("bytes").asLong();
        }
        assertThat(index.get("shard_bytes").asLong()).isEqualTo(total).isGreaterThan(2048);
        double start = index.get("start_s").asDouble();
        double end = index.get("end_s").asDouble();
        assertThat(end).isGreaterThan(start);

        Path part = out.resolve("part.pftrace");
        BundledTools.Command cmd = BundledTools.qmpi4j(
                "trace",
                "--ranks",
                "2-3",
                "--from",
                start + "s",
                "--to",
                end + "s",
                "-o",
                part.toString(),
                out.toString());
        assertThat(cmd.exitCode).as(cmd.toString()).isZero();
        assertThat(cmd.stderr).contains("trace of 2 rank(s)");
        assertThat(Files.size(part)).isGreaterThan(100 * 50L);
    }
}
