package org.qmpi4j.report.iterations;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.SampleProfiles;
import org.qmpi4j.report.render.ReportHtml;
import org.qmpi4j.report.render.TextReport;

/**
 * report.txt's summary line and report.html's section of a run with a warm-up of 12 iterations and
 * a spike in iteration 25 on rank 1. Leaves the page in {@code target/report-html/} to look at.
 */
class IterationsShownTest {
    private static Iterations warmUpAndSpike(int n, int ranks) throws Exception {
        Random random = new Random(7);
        SyntheticCalls s = new SyntheticCalls(ranks).everyRank(1, 1);
        for (int i = 0; i < n; i++) {
            double[] ms = new double[ranks];
            double slowest = 0;
            for (int r = 0; r < ranks; r++) {
                ms[r] = (i < 12 ? 13 : 4.2) + 0.2 * random.nextGaussian() + (i == 24 && r == 1 ? 258 : 0);
                slowest = Math.max(slowest, ms[r]);
            }
            s.everyRank(10, 0.05);
            for (int r = 0; r < ranks; r++) {
                s.compute(r, ms[r]).call(r, 11, 0.05 + slowest - ms[r]);
            }
        }
        return Objects.requireNonNull(IterationFinder.find(s, "auto"));
    }

    private static Profile profile(int ranks, Iterations it) {
        List<RankProfile> all = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            all.add(SampleProfiles.rank(r, ranks));
        }
        return ProfileMerger.merge(all).withIterations(it);
    }

    @Test
    void theTextReportSaysWarmUpSteadyStateAndSlowestIteration() throws Exception {
        Profile p = profile(4, warmUpAndSpike(60, 4));
        String text = TextReport.render(p, TextReport.Detail.CONCISE, "t");
        assertThat(text)
                .contains("== Iterations")
                .contains("60 iterations, each ending at MPI_L11 at org.example.Solver.main(Solver.java:11)")
                .containsPattern("iterations 1-12 warm-up, 3\\.\\dx the steady state; steady state 4\\.\\d+ ms")
                .containsPattern("slowest iteration 25, 26\\d ms, rank 1");
    }

    @Test
    void thePageDrawsTheSeriesAndMarksTheSpikeWithItsRank() throws Exception {
        Profile p = profile(4, warmUpAndSpike(60, 4));
        String html = ReportHtml.render(p);
        assertThat(html)
                .contains("<section id=\"iterations\">", "<svg id=\"iterations-chart\"", "class=\"iter-max\"")
                .contains("<title>iteration 25: max 26")
                .contains("(rank 1 slowest outside MPI)")
                .containsPattern("26\\d ms, rank 1</text>");
        Path dir = Path.of("target", "report-html");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("iterations-4.html"), html, StandardCharsets.UTF_8);
    }

    @Test
    void noLoopSaysWhy() throws Exception {
        Profile p = profile(2, Iterations.none("no call is made the same number of times"));
        assertThat(TextReport.render(p, TextReport.Detail.CONCISE, "t"))
                .contains("none: no call is made the same number of times");
        assertThat(ReportHtml.render(p)).contains("No main loop found: no call is made");
    }

    @Test
    void aLongRunStaysSmall() throws Exception {
        Profile p = profile(4, warmUpAndSpike(20_000, 4));
        String html = ReportHtml.render(p);
        Path dir = Path.of("target", "report-html");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("iterations-long.html"), html, StandardCharsets.UTF_8);
        int start = html.indexOf("<section id=\"iterations\">");
        int end = html.indexOf("</section>", start);
        assertThat(end - start).isLessThan(400_000);
        assertThat(html).contains("<title>iterations 21-40: max");
    }

    /**
     * 2 ranks, 30 iterations of exactly 5 ms; rank 1 late by 40 ms in iteration 10 (a 30 ms
     * collection before its allreduce, rank 0 waiting 40 ms) and in iteration 15 (its own work, rank
     * 0 waiting 40 ms); both ranks 40 ms longer inside the allreduce in iteration 20 (rank 0's
     * counted as waiting) and 20 ms in iteration 25 (nothing the trace tells).
     */
    private static Iterations spikesWithCauses() throws Exception {
        SyntheticCalls s = new SyntheticCalls(2).everyRank(1, 1);
        for (int i = 1; i <= 30; i++) {
            double late = i == 10 || i == 15 ? 40 : 0;
            double stuck = i == 20 ? 40 : i == 25 ? 20 : 0;
            s.everyRank(10, 0.05);
            s.compute(0, 5)
                    .call(0, 11, 0.05 + late + stuck)
                    .compute(1, 5 + late)
                    .call(1, 11, 0.05 + stuck);
            if (i == 10) {
                s.jvm(1, 0, 30, 0).waited(0, 40);
            } else if (i == 15 || i == 20) {
                s.waited(0, 40);
            }
        }
        return Objects.requireNonNull(IterationFinder.find(s, "auto", s.waits));
    }

    @Test
    void theSummaryLineSaysTheSpikesCausesAndTheSlowestIterationsCause() throws Exception {
        Profile p = profile(2, spikesWithCauses());
        String text = TextReport.render(p, TextReport.Detail.CONCISE, "t");
        assertThat(text)
                .contains("no warm-up; steady state 5.10 ms +- 0.000; 4 spikes above 6.38 ms (1 gc, 1 computation,"
                        + " 1 waiting, 1 unknown); slowest iteration 10, 45.1 ms, rank 1 (gc 30.0 ms on rank 1)");
    }

    @Test
    void thePageMarksEachSpikeWithItsCause() throws Exception {
        Profile p = profile(2, spikesWithCauses());
        String html = ReportHtml.render(p);
        assertThat(html)
                .contains("<title>iteration 10: max 45.1 ms (rank 1 slowest outside MPI), mean 45.1 ms, in MPI 20.1"
                        + " ms, waiting 20.0 ms - spike: gc 30.0 ms on rank 1</title>")
                .contains("<title>iteration 15: max 45.1 ms (rank 1 slowest outside MPI), mean 45.1 ms, in MPI 20.1"
                        + " ms, waiting 20.0 ms - spike: computation 40.0 ms on rank 1</title>")
                .contains("<title>iteration 20: max 45.1 ms (rank 0 slowest outside MPI), mean 45.1 ms, in MPI 40.1"
                        + " ms, waiting 20.0 ms - spike: waiting 40.0 ms on rank 0</title>")
                .contains("<title>iteration 25: max 25.1 ms (rank 0 slowest outside MPI), mean 25.1 ms, in MPI 20.1"
                        + " ms, waiting 0.000 ms - spike</title>")
                .contains(
                        ">gc 30.0 ms on rank 1</text>",
                        ">computation 40.0 ms on rank 1</text>",
                        ">waiting 40.0 ms on rank 0</text>");
        assertThat(html.split("class=\"spike-mark\" data-cause=\"gc\"", -1)).hasSize(2);
        assertThat(html.split("class=\"spike-mark\" data-cause=\"application\"", -1))
                .hasSize(2);
        assertThat(html.split("class=\"spike-mark\" data-cause=\"wait\"", -1)).hasSize(2);
        assertThat(html.split("class=\"spike-mark\" data-cause=\"\"", -1)).hasSize(2);
        Path dir = Path.of("target", "report-html");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("iterations-causes.html"), html, StandardCharsets.UTF_8);
    }

    /**
     * 64 ranks x 10^5 iterations made as read: 1 ms a step with 0.2 ms of jitter, a warm-up of 50
     * iterations of 4 ms, a spike of 60 ms in iteration 70,000 on rank 17 (the others wait for it),
     * a collection of 40 ms on rank 5 in iteration 30,000.
     */
    private static final class LongRun implements CallSource {
        static final int RANKS = 64;
        static final int N = 100_000;
        private final Iterations.Boundary exchange = SyntheticCalls.site(10);
        private final Iterations.Boundary allreduce = SyntheticCalls.site(11);
        private final Iterations.Boundary init = SyntheticCalls.site(1);
        final RankWaits waits = new RankWaits(org.qmpi4j.report.waits.WaitAnalysis.NOBODY);
        /** Whether a read gives the waits too (once, as the wait analysis would). */
        boolean collect;

        @Override
        public int[] ranks() {
            int[] r = new int[RANKS];
            for (int i = 0; i < RANKS; i++) {
                r[i] = i;
            }
            return r;
        }

        private static long compute(int rank, int i) {
            long base = i <= 50 ? 4_000_000 : 1_000_000;
            long jitter = (long) ((((i * 7919L + rank * 104729L) % 1000) - 500) * 400);
            long spike = (i == 70_000 && rank == 17) || (i == 30_000 && rank == 5) ? 60_000_000 : 0;
            return base + jitter + spike;
        }

        @Override
        public void read(int rank, Sink sink) {
            long t = 0;
            sink.call(init, t, t += 1_000_000, null);
            long[] none = new long[10];
            long[] gc = new long[10];
            gc[0] = 40_000_000;
            gc[1] = 1;
            for (int i = 1; i <= N; i++) {
                sink.call(exchange, t, t += 20_000, none);
                long slowest = 0;
                for (int r = 0; r < RANKS; r++) {
                    slowest = Math.max(slowest, compute(r, i));
                }
                long arrive = t + compute(rank, i);
                t += slowest + 10_000;
                if (collect && slowest - compute(rank, i) > 10_000_000) {
                    waits.add(rank, arrive, slowest - compute(rank, i));
                }
                sink.call(allreduce, arrive, t, i == 30_000 && rank == 5 ? gc : none);
            }
        }
    }

    @Test
    void sixtyFourRanksOfAHundredThousandIterationsStayReadableAndSmall() throws Exception {
        LongRun run = new LongRun();
        // the waits first, as the wait analysis gives them before the iterations are measured
        run.collect = true;
        for (int r = 0; r < LongRun.RANKS; r++) {
            run.read(r, (site, start, end) -> {});
        }
        run.collect = false;
        Iterations it = Objects.requireNonNull(IterationFinder.find(run, "auto", run.waits));
        assertThat(it.count()).isEqualTo(LongRun.N);
        assertThat(it.series()).hasSize(Iterations.SERIES_LIMIT);
        assertThat(Objects.requireNonNull(it.warmup()).iterations()).isEqualTo(50);
        assertThat(it.spikes()).extracting(Iterations.Spike::iteration).containsExactly(30_000L, 70_000L);
        // rank 17's 60 ms of its own work; the other ranks' waits for it are its effect
        assertThat(it.spikes()).extracting(Iterations.Spike::cause).containsExactly("gc", "application");
        assertThat(it.spikes()).extracting(Iterations.Spike::causeRank).containsExactly(5, 17);
        Profile p = profile(LongRun.RANKS, it);
        String html = ReportHtml.render(p);
        int start = html.indexOf("<section id=\"iterations\">");
        int end = html.indexOf("</section>", start);
        assertThat(end - start).isLessThan(400_000);
        assertThat(html)
                .contains("<title>iterations 29901-30000: max 61.")
                .contains(">gc 40.0 ms on rank 5</text>")
                .containsPattern(">computation (59|6\\d)\\.\\d ms on rank 17</text>");
        Path dir = Path.of("target", "report-html");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("iterations-64x100000.html"), html, StandardCharsets.UTF_8);
        Files.writeString(
                dir.resolve("iterations-64x100000.txt"),
                TextReport.render(p, TextReport.Detail.CONCISE, "t"),
                StandardCharsets.UTF_8);
    }
}
