package org.qmpi4j.report.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.SampleProfiles;
import org.qmpi4j.formats.profile.SiteKey;

/**
 * {@code report.html}: self-contained, the figures of the text report, every section. Also leaves
 * the pages of a 4-rank and a 64-rank synthetic job in {@code target/report-html/} to look at in a
 * browser.
 */
class ReportHtmlTest {
    private static Profile ring(int ranks) {
        List<RankProfile> all = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            all.add(SampleProfiles.rank(r, ranks));
        }
        return ProfileMerger.merge(all);
    }

    /**
     * A stencil-like job whose ranks differ: rank r computes longer the higher r is (and waits less
     * in MPI), with sends of several sizes to both neighbours, an allreduce and a barrier.
     */
    static Profile uneven(int ranks) {
        List<RankProfile> all = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            long app = 2_000_000_000L;
            long wait = 100_000_000L + 6_000_000L * ((ranks - 1 - r) % 17) + 900_000L * r;
            CallStats sends = new CallStats();
            CallStats recvs = new CallStats();
            for (int i = 0; i < 200; i++) {
                sends.add(20_000 + i * 10L, i % 4 == 0 ? 64 : i % 4 == 1 ? 4096 : 70_000, true);
                recvs.add(wait / 400, i % 4 == 0 ? 64 : i % 4 == 1 ? 4096 : 70_000, true);
            }
            CallStats allreduce = new CallStats();
            for (int i = 0; i < 50; i++) {
                allreduce.add(wait / 100, 8, true);
            }
            CallStats barrier = new CallStats().add(wait / 4, 0, false);
            CallStats init = new CallStats().add(300_000_000L, 0, false);
            SiteKey sendUp = new SiteKey("MPI_SEND", "org.example.Stencil", "exchange", "Stencil.java", 57);
            SiteKey recvUp = new SiteKey("MPI_RECV", "org.example.Stencil", "exchange", "Stencil.java", 60);
            SiteKey reduce = new SiteKey("MPI_ALLREDUCE", "org.example.Stencil", "residual", "Stencil.java", 88);
            SiteKey bar = new SiteKey("MPI_BARRIER", "org.example.Stencil", "main", "Stencil.java", 31);
            SiteKey in = new SiteKey("MPI_INIT", "org.example.Stencil", "main", "Stencil.java", 20);
            RankProfile.Builder b = RankProfile.builder(r, ranks, "openmpi")
                    .state(RankProfile.State.FINALIZED)
                    .appNs(app)
                    .environment("main", "org.example.Stencil")
                    .function("MPI_INIT", "ENVIRONMENT", init)
                    .function("MPI_SEND", "POINT_TO_POINT", sends)
                    .function("MPI_RECV", "POINT_TO_POINT", recvs)
                    .function("MPI_ALLREDUCE", "COLLECTIVE", allreduce)
                    .function("MPI_BARRIER", "COLLECTIVE", barrier)
                    .site(sendUp, sends)
                    .site(recvUp, recvs)
                    .site(reduce, allreduce)
                    .site(bar, barrier)
                    .site(in, init);
            if (ranks > 1) {
                b.sent((r + 1) % ranks, 100, sends.bytes() / 2).sent((r + ranks - 1) % ranks, 100, sends.bytes() / 2);
            }
            all.add(b.build());
        }
        return ProfileMerger.merge(all);
    }

    @Test
    void pageLoadsNothingFromElsewhereAndShowsTheTextReportsFigures() {
        Profile p = uneven(4);
        String html = ReportHtml.render(p);
        String text = TextReport.render(p, TextReport.Detail.VERBOSE, "qmpi4j profile");

        // Self-contained: no reference to another file or to the network.
        assertThat(html).doesNotContainPattern("(?i)\\b(src|href)\\s*=\\s*\"(?!#)");
        assertThat(html).doesNotContainPattern("(?i)url\\(|@import|https?://(?!www\\.w3\\.org/2000/svg)");
        assertThat(html).contains("id=\"rank-chart\"", "id=\"matrix\"", "id=\"heat-scale\"");

        // Per rank: the text report's app and MPI seconds, in the same digits.
        for (Profile.RankSummary r : p.rankSummaries()) {
            String[] cells = TextReport.rankCells(r);
            assertThat(text).contains(cells[1] + "  " + cells[2]);
            assertThat(html)
                    .contains("<tr data-rank=\"" + r.rank() + "\"><td>" + r.rank() + "</td><td>finalized</td><td>"
                            + cells[1] + "</td><td>" + cells[2] + "</td><td>" + cells[3] + "</td></tr>");
            assertThat(html).contains("[" + r.rank() + "," + r.appNs() + "," + r.mpiNs() + ",1]");
        }
        // Per function: the same calls, time and shares as the text report, longest first.
        List<String> order = new ArrayList<>();
        Matcher m = Pattern.compile("<tr data-function=\"([A-Z_]+)\"><td>[A-Z_]+</td>((?:<td>[^<]*</td>){8})")
                .matcher(html);
        while (m.find()) {
            order.add(m.group(1));
            String[] cells = m.group(2).replace("</td>", "").split("<td>", -1);
            String row = String.join(" +", java.util.Arrays.copyOfRange(cells, 1, cells.length));
            assertThat(text).containsPattern(Pattern.quote(m.group(1)) + " +" + row.replace(".", "\\."));
        }
        assertThat(order).isEqualTo(p.functionsByTime());
        // Imbalance: the text report's line and the page's figures agree.
        RankBalance b = RankBalance.of(p);
        assertThat(text).contains("imbalance: " + b.describe());
        assertThat(html)
                .contains("id=\"load-imbalance\">" + TextReport.fixed(b.loadMaxOverMean(), 2) + "<")
                .contains("id=\"most-loaded\">" + b.mostLoaded() + "<")
                .contains("id=\"least-loaded\">" + b.leastLoaded() + "<");
        // Rank 3 computes longest and rank 0 waits longest in this job.
        assertThat(b.mostLoaded()).isEqualTo(3);
        assertThat(b.leastLoaded()).isEqualTo(0);
        // Histograms, collectives, sites, matrix cells.
        assertThat(html)
                .contains("<h3>MPI_SEND</h3>", "[4 KiB, 8 KiB)", "[64 KiB, 128 KiB)", "id=\"collective-table\"");
        // The call site, with break opportunities between the package's names and before the file only.
        assertThat(html)
                .contains("<td class=\"where\">org.<wbr>example.<wbr>Stencil.exchange<wbr>(Stencil.java:57)</td>");
        assertThat(count(html, "<td class=\"cell")).isEqualTo(16);
    }

    @Test
    void theRingPageHasEverySectionAndTheMatrixScript() {
        String html = ReportHtml.render(ring(3));
        assertThat(html)
                .contains(
                        "id=\"summary\"",
                        "id=\"ranks\"",
                        "id=\"functions\"",
                        "id=\"sites\"",
                        "id=\"sizes\"",
                        "id=\"collectives\"",
                        "id=\"matrix-section\"",
                        "data-from=\"0\" data-to=\"1\" data-bytes=\"1032\" data-messages=\"3\"",
                        "document.body.setAttribute('data-cells'",
                        "document.body.setAttribute('data-report-bars'");
        // One error recorder, first in the page.
        assertThat(html.indexOf("data-errors")).isLessThan(html.indexOf("<body"));
    }

    @Test
    void largeJobsGetTheCanvasMatrixAndAFoldedRankTable() throws Exception {
        String html = ReportHtml.render(uneven(MatrixHtml.TABLE_MAX_RANKS + 1));
        assertThat(html).contains("<canvas id=\"matrix\"", "<details><summary>table</summary>");
        assertThat(count(html, "<td class=\"cell")).isZero();
        // Pages to look at (and screenshot): 4 and 64 ranks, with their profile.json.
        Path dir = Path.of("target", "report-html");
        for (int ranks : new int[] {4, 64}) {
            Path d = dir.resolve(ranks + "-ranks");
            Files.createDirectories(d);
            Profile p = uneven(ranks);
            Files.writeString(d.resolve("report.html"), ReportHtml.render(p), StandardCharsets.UTF_8);
            Files.writeString(d.resolve("profile.json"), ProfileFormat.write(p), StandardCharsets.UTF_8);
        }
    }

    @Test
    void beyondAThousandRanksTheChartHasBlocksAndTheTableTheDistribution() {
        int ranks = RankTimesHtml.TABLE_MAX_RANKS + 904; // 5000: blocks of 8, 625 bars
        Profile p = uneven(ranks);
        String html = ReportHtml.render(p);
        assertThat(RankTimesHtml.blockSize(ranks)).isEqualTo(8);
        Matcher data = Pattern.compile(
                        "<script type=\"application/json\" id=\"rank-data\" data-unit=\"8\">\\[(.*?)\\]</script>")
                .matcher(html);
        assertThat(data.find()).as("the chart's data in blocks of 8").isTrue();
        List<long[]> blocks = new ArrayList<>();
        Matcher row = Pattern.compile("\\[([-0-9,]+)\\]").matcher(data.group(1));
        while (row.find()) {
            String[] f = row.group(1).split(",");
            long[] v = new long[f.length];
            for (int i = 0; i < f.length; i++) {
                v[i] = Long.parseLong(f[i]);
            }
            blocks.add(v);
        }
        assertThat(blocks).hasSize(625);
        // Block 8..15: the means of its ranks, its longest app time and its range of MPI times.
        long app = 0;
        long mpi = 0;
        Profile.RankSummary longest = p.rankSummaries().get(8);
        Profile.RankSummary leastMpi = longest;
        Profile.RankSummary mostMpi = longest;
        for (int r = 8; r < 16; r++) {
            Profile.RankSummary s = p.rankSummaries().get(r);
            app += s.appNs();
            mpi += s.mpiNs();
            longest = s.appNs() > longest.appNs() ? s : longest;
            leastMpi = s.mpiNs() < leastMpi.mpiNs() ? s : leastMpi;
            mostMpi = s.mpiNs() > mostMpi.mpiNs() ? s : mostMpi;
        }
        assertThat(leastMpi.mpiNs()).as("the block's ranks differ").isLessThan(mostMpi.mpiNs());
        assertThat(blocks.get(1))
                .containsExactly(
                        8,
                        app / 8,
                        mpi / 8,
                        8,
                        15,
                        longest.rank(),
                        longest.appNs(),
                        leastMpi.rank(),
                        leastMpi.mpiNs(),
                        mostMpi.rank(),
                        mostMpi.mpiNs());
        assertThat(blocks.get(624)[4]).isEqualTo(ranks - 1);
        // No row per rank: the distribution and both ends, the most loaded rank first.
        assertThat(html).doesNotContain("id=\"rank-table\"", "<tr data-rank=");
        assertThat(html).contains("id=\"rank-distribution\"", "profile-ranks.jsonl", ranks + " finalized");
        Matcher most = Pattern.compile("id=\"most-loaded-ranks\">.*?<tbody>\n<tr><td>(\\d+)</td>", Pattern.DOTALL)
                .matcher(html);
        assertThat(most.find()).isTrue();
        assertThat(Integer.parseInt(most.group(1))).isEqualTo(RankBalance.of(p).mostLoaded());
        assertThat(html.length()).as("page size").isLessThan(400_000);
    }

    @Test
    void upToAThousandRanksTheChartHasABarPerRank() {
        String html = ReportHtml.render(uneven(RankTimesHtml.CHART_MAX_BARS));
        assertThat(html).contains("id=\"rank-data\" data-unit=\"1\">[[0,", "id=\"rank-table\"");
        assertThat(count(html, "<tr data-rank=")).isEqualTo(RankTimesHtml.CHART_MAX_BARS);
    }

    @Test
    void theReportsMatrixIsGroupedIntoBlocksSoonerThanMatrixHtmls() {
        Profile p = uneven(200); // 400 pairs
        StringBuilder report = new StringBuilder();
        MatrixHtml.appendMatrix(report, p, false, 100);
        assertThat(report.toString())
                .contains(
                        "data-unit=\"8\"",
                        "blocks of 8 ranks (matrix.html has finer ones, profile.json has every pair)");
        StringBuilder page = new StringBuilder();
        MatrixHtml.appendMatrix(page, p, true, MatrixHtml.PAGE_MAX_PAIRS);
        assertThat(page.toString()).contains("data-unit=\"1\"").doesNotContain("matrix.html has finer ones");
    }

    private static int count(String text, String literal) {
        int n = 0;
        for (int i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + 1)) {
            n++;
        }
        return n;
    }
}
