package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.PageLayout;
import org.qmpi4j.launch.JobResult;

/**
 * {@code report.html} of a real 4-rank job under the bundled {@code profiler}: it loads nothing
 * from elsewhere, renders in headless Chromium with no script error and no console error, its
 * scripts drew the chart (one bar per rank) and the matrix (N×N cells), and the figures it shows
 * (per-rank application and MPI time, calls per function in the order of time) are those of
 * {@code profile.json}; in windows 1100 and 1600 pixels wide the call sites read as call sites
 * (not wrapped a character a line) with every column in view. {@code qmpi4j report} writes the same page again from {@code profile.json}.
 */
class ReportPageTest {
    private static final int RANKS = 4;

    @Test
    void pageOfARealJobRendersCleanAndShowsTheProfilesFigures(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(BundledTools.job(AgentJob.SAMPLES + "Stencil", RANKS, "profiler", out)
                .args("32", "20"));
        AgentJob.assertOk(result, RANKS);
        Path page = out.resolve("report.html");
        String html = Files.readString(page);
        assertThat(html).doesNotContainPattern("(?i)\\b(src|href)\\s*=\\s*\"(?!#)");

        BundledTools.Command browser = BundledTools.renderedWithLog(page);
        assertThat(browser.exitCode).as("chromium %s", browser).isZero();
        String dom = browser.stdout;
        assertThat(dom).as("the error recorder ran and recorded nothing").contains("data-errors=\"0\"");
        assertThat(dom).doesNotContain("id=\"page-errors\"");
        assertThat(browser.stderr).as("browser log").doesNotContain("Uncaught");
        assertThat(browser.stderr.lines().filter(l -> l.contains(":CONSOLE")))
                .as("console messages")
                .isEmpty();
        assertThat(dom).contains("data-report-bars=\"" + RANKS + "\"", "data-cells=\"" + RANKS * RANKS + "\"");
        assertThat(count(dom, "<g class=\"rank\"")).isEqualTo(RANKS);
        // The call sites' column is not squeezed to a character a line in a narrow window.
        PageLayout.assertCallSitesReadable(page, 1100);
        PageLayout.assertCallSitesReadable(page, 1600);

        JsonNode profile = JobResults.in(out).profile().root;
        // Per rank: the app and MPI seconds of profile.json, in the table and in the chart's bars.
        for (JsonNode r : profile.get("time").get("per_rank").elements()) {
            int rank = r.get("rank").asInt();
            Matcher row = Pattern.compile(
                            "<tr data-rank=\"" + rank
                                    + "\"><td>\\d+</td><td>finalized</td><td>([0-9.]+)</td><td>([0-9.]+)</td><td>([0-9.]+)</td></tr>")
                    .matcher(dom);
            assertThat(row.find()).as("table row of rank %d", rank).isTrue();
            assertThat(Double.parseDouble(row.group(1)))
                    .isCloseTo(r.get("app_s").asDouble(), within(1e-6));
            assertThat(Double.parseDouble(row.group(2)))
                    .isCloseTo(r.get("mpi_s").asDouble(), within(1e-6));
            assertThat(Double.parseDouble(row.group(3)))
                    .isCloseTo(r.get("mpi_pct").asDouble(), within(0.011));
            Matcher bar = Pattern.compile("<g class=\"rank\" data-rank=\"" + rank
                            + "\" data-app-ns=\"(\\d+)\" data-mpi-ns=\"(\\d+)\"")
                    .matcher(dom);
            assertThat(bar.find()).as("bar of rank %d", rank).isTrue();
            assertThat(Long.parseLong(bar.group(2)) / 1e9)
                    .isCloseTo(r.get("mpi_s").asDouble(), within(1e-6));
            assertThat(Long.parseLong(bar.group(1)) / 1e9)
                    .isCloseTo(r.get("app_s").asDouble(), within(1e-6));
        }
        // Functions: profile.json's order (by time) and calls.
        List<String> jsonOrder = new ArrayList<>();
        for (JsonNode f : profile.get("functions").elements()) {
            String name = f.get("name").asString();
            jsonOrder.add(name);
            Matcher row = Pattern.compile(
                            "<tr data-function=\"" + name + "\"><td>" + name + "</td><td>(\\d+)</td><td>([0-9.]+)</td>")
                    .matcher(dom);
            assertThat(row.find()).as("row of %s", name).isTrue();
            assertThat(Long.parseLong(row.group(1)))
                    .as("calls of %s", name)
                    .isEqualTo(f.get("calls").asLong());
            assertThat(Double.parseDouble(row.group(2)) / 1e3)
                    .as("time of %s", name)
                    .isCloseTo(f.get("time_s").asDouble(), within(1e-6));
        }
        List<String> pageOrder = new ArrayList<>();
        Matcher names = Pattern.compile("<tr data-function=\"([A-Z_]+)\"").matcher(dom);
        while (names.find()) {
            pageOrder.add(names.group(1));
        }
        assertThat(pageOrder).isEqualTo(jsonOrder).contains("MPI_ISEND", "MPI_ALLREDUCE");

        // qmpi4j report renders the same page from profile.json.
        Files.delete(page);
        BundledTools.Command report = BundledTools.qmpi4j("report", "--quiet", out.toString());
        assertThat(report.exitCode).as("%s", report).isZero();
        assertThat(Files.readString(page)).isEqualTo(html);
    }

    private static int count(String text, String literal) {
        int n = 0;
        for (int i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + 1)) {
            n++;
        }
        return n;
    }
}
