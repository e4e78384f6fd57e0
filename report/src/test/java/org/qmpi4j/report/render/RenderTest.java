package org.qmpi4j.report.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfile;

class RenderTest {
    private static Profile profile(int ranks) {
        List<RankProfile> all = new java.util.ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            all.add(org.qmpi4j.formats.profile.SampleProfiles.rank(r, ranks));
        }
        return ProfileMerger.merge(all);
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void textReportHasTheTablesWidestFirst() {
        String text = TextReport.render(profile(3), TextReport.Detail.VERBOSE, "qmpi4j profile");
        assertThat(text)
                .contains(
                        "== Time per rank",
                        "== MPI functions, all ranks, by time",
                        "== Call sites",
                        "org.example.Ring.main(Ring.java:42)",
                        "== Message sizes",
                        "[1 KiB, 2 KiB)",
                        "== Point-to-point bytes sent",
                        "== Collectives",
                        "MPI_BARRIER");
        assertThat(text.indexOf("  MPI_BARRIER"))
                .isLessThan(text.indexOf("  MPI_SEND"))
                .isLessThan(text.indexOf("  MPI_RECV"));
        String concise = TextReport.render(profile(3), TextReport.Detail.CONCISE, "t");
        assertThat(concise).contains("== MPI functions").doesNotContain("== Call sites");
        assertThat(text.lines()).noneMatch(l -> l.endsWith(" "));
    }

    @Test
    void htmlHasNxNCellsWithBytesAndMessages() {
        String html = MatrixHtml.render(profile(4));
        assertThat(count(html, "<td class=\"cell")).isEqualTo(16);
        assertThat(html)
                .contains("data-from=\"0\" data-to=\"1\" data-bytes=\"1032\" data-messages=\"3\"")
                .contains("title=\"rank 0 to rank 1: 1.0 KiB in 3 messages\"")
                .contains("MPI_BARRIER")
                .doesNotContain("http://", "https://");
    }

    @Test
    void pageIsSelfContainedAndItsScriptTakesTheColourScaleFromHeat() {
        for (int ranks : new int[] {4, MatrixHtml.TABLE_MAX_RANKS + 1}) {
            String html = MatrixHtml.render(profile(ranks));
            assertThat(html).doesNotContain(" src=", " href=", "@import", "url(", "{{");
            assertThat(html)
                    .contains(
                            "<script type=\"application/json\" id=\"heat-scale\">" + HeatScale.json() + "</script>",
                            "--heat-low:" + HeatScale.legendLow(),
                            "--heat-high:" + HeatScale.legendHigh(),
                            "function colour(v, max)");
            // The scale's numbers stand in the data only, not in the style or the script.
            assertThat(html.replace(HeatScale.json(), ""))
                    .doesNotContain("0.15", "0.55", "0xde", "0x08", "222,235", "8,48,107");
        }
        assertThat(HeatScale.json())
                .isEqualTo(
                        "{\"empty\":\"#ffffff\",\"low\":[222,235,247],\"high\":[8,48,107],\"floor\":0.15,\"darkAbove\":0.55}");
        assertThat(HeatScale.legendHigh()).isEqualTo("#08306b");
    }

    @Test
    void svgHasNxNCellsWithTitles() {
        String svg = MatrixSvg.render(profile(5));
        assertThat(count(svg, "<rect class=\"cell\"")).isEqualTo(25);
        assertThat(svg).contains("<title>rank 4 to rank 0: 1.0 KiB in 3 messages</title>");
    }

    @Test
    void compactNumbers() {
        assertThat(MatrixHtml.compact(999)).isEqualTo("999");
        assertThat(MatrixHtml.compact(1032)).isEqualTo("1.0k");
        assertThat(MatrixHtml.compact(51200)).isEqualTo("51k");
    }

    @Test
    void largeJobsGetACanvasAndASparseImage() {
        Profile p = profile(200);
        String html = MatrixHtml.render(p);
        assertThat(html).contains("<canvas id=\"matrix\"").doesNotContain("<td class=\"cell");
        assertThat(html).contains("[0,1,1032,3]").contains("[199,0,1032,3]");
        assertThat(html.length()).isLessThan(200_000);
        String svg = MatrixSvg.render(p);
        assertThat(count(svg, "<rect class=\"cell\"")).isEqualTo(200);
        String text = TextReport.render(p, TextReport.Detail.VERBOSE, "t");
        assertThat(text).contains("200 ranks: see matrix.html");
    }
}
