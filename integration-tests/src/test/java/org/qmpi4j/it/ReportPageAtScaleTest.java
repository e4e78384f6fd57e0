package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.qmpi4j.fixtures.simjob.SimulatedJob;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.report.files.ProfileOutputs;

/**
 * {@code report.html} of a simulated job of {@value #RANKS} ranks in headless Chromium: a page of
 * about a megabyte (a row per rank and every pair of the matrix would be 12 MB more), with no
 * script error or console message; the chart drew a bar per block of 16 ranks with each block's
 * range of MPI times and longest application time, and rank 0's longer application time (it also
 * gathers the results) stands above its block's bar. The screenshot stays in
 * {@code target/report-screenshots/} to look at.
 */
class ReportPageAtScaleTest {
    private static final int RANKS = 16_384;
    private static final int BARS = 1024;

    @Test
    void aPageOfSixteenThousandRanksOpensWithBlocksAndNoRowPerRank() throws Exception {
        SimulatedJob job = new SimulatedJob(RANKS);
        ProfileMerger.Streaming merge = new ProfileMerger.Streaming();
        for (int r = 0; r < RANKS; r++) {
            merge.add(job.rank(r));
        }
        Profile p = merge.finish();
        Path dir = Path.of("target", "report-screenshots", RANKS + "-ranks");
        Files.createDirectories(dir);
        ProfileOutputs.writeRenderings(dir, p);
        Path page = dir.resolve("report.html");
        assertThat(Files.size(page)).as("report.html's size").isLessThan(2_000_000);

        BundledTools.Command browser = BundledTools.renderedAt(page, "");
        assertThat(browser.exitCode).as("chromium %s", browser).isZero();
        String dom = browser.stdout;
        assertThat(dom).contains("data-errors=\"0\"");
        assertThat(browser.stderr).as("browser log").doesNotContain("Uncaught");
        assertThat(browser.stderr.lines().filter(l -> l.contains(":CONSOLE")))
                .as("console messages")
                .isEmpty();
        assertThat(dom).contains("data-report-bars=\"" + BARS + "\"", "data-report-unit=\"16\"");
        assertThat(count(dom, "class=\"range\"")).isEqualTo(BARS);
        assertThat(count(dom, "class=\"top\"")).isEqualTo(BARS);
        assertThat(dom).contains("id=\"rank-distribution\"", "id=\"most-loaded-ranks\"");
        assertThat(dom).doesNotContain("<tr data-rank=");

        Matcher first = Pattern.compile("<g class=\"rank\" data-rank=\"0\".*?</g>", Pattern.DOTALL)
                .matcher(dom);
        assertThat(first.find()).as("the bar of ranks 0-15").isTrue();
        double barTop = y(first.group(), "<rect [^>]*?y=\"([0-9.]+)\"[^>]*class=\"load\"");
        double tick = y(first.group(), "<line [^>]*?y1=\"([0-9.]+)\"[^>]*class=\"top\"");
        assertThat(tick)
                .as("rank 0's longer application time above its block's mean")
                .isLessThan(barTop - 2);
        assertThat(first.group()).contains("longest app time", "(rank 0)");

        BundledTools.screenshot(page, "", dir.resolve("report.png"));
    }

    private static double y(String svg, String regex) {
        Matcher m = Pattern.compile(regex).matcher(svg);
        assertThat(m.find()).as("%s in %s", regex, svg).isTrue();
        return Double.parseDouble(m.group(1));
    }

    private static int count(String text, String literal) {
        int n = 0;
        for (int i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + 1)) {
            n++;
        }
        return n;
    }
}
