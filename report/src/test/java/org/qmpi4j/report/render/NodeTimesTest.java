package org.qmpi4j.report.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfile;

class NodeTimesTest {
    /** Ranks on {@code hosts}, rank r with (r + 1) ms of application time, 0.1 ms of it in MPI_SEND. */
    private static Profile profile(String... hosts) {
        List<RankProfile> all = new ArrayList<>();
        for (int r = 0; r < hosts.length; r++) {
            all.add(RankProfile.builder(r, hosts.length, "openmpi")
                    .state(RankProfile.State.FINALIZED)
                    .appNs((r + 1) * 1_000_000L)
                    .environment("host", hosts[r])
                    .function("MPI_SEND", "POINT_TO_POINT", new CallStats().add(100_000, 8, true))
                    .build());
        }
        return ProfileMerger.merge(all);
    }

    @Test
    void severalHostsGiveARowPerHostWithItsRanksSums() {
        Profile p = profile("n1", "n1", "n2", "n2", "n3");
        String text = TextReport.render(p, TextReport.Detail.CONCISE, "t");
        assertThat(text).contains("== Time per node");
        List<String> rows = text.lines()
                .dropWhile(l -> !l.startsWith("== Time per node"))
                .skip(2)
                .limit(3)
                .map(String::strip)
                .collect(java.util.stream.Collectors.toList());
        // n1: ranks 0-1, app 1 + 2 ms, MPI 0.2 ms, outside 2.8 ms (1.4 per rank), MPI 6.67 %.
        assertThat(rows.get(0).split("\\s+"))
                .containsExactly("n1", "0-1", "0.003000", "0.000200", "0.002800", "0.001400", "6.67", "-");
        assertThat(rows.get(1).split("\\s+"))
                .containsExactly("n2", "2-3", "0.007000", "0.000200", "0.006800", "0.003400", "2.86", "-");
        assertThat(rows.get(2).split("\\s+"))
                .containsExactly("n3", "4", "0.005000", "0.000100", "0.004900", "0.004900", "2.00", "-");
        assertThat(text).contains("most time outside MPI per rank: n3");
        String html = ReportHtml.render(p);
        assertThat(html)
                .contains("<section id=\"nodes\"><h2>Time per node</h2>", "<a href=\"#nodes\">")
                .contains("<tr class=\"slowest\"><td>n3</td><td>4</td>");
    }

    @Test
    void manyNodesGiveTheirSpreadAndTheSlowestTen() {
        // 40 nodes of 2 ranks: rank r has (r + 1) ms, so the last nodes are the slowest
        String[] hosts = new String[80];
        for (int r = 0; r < hosts.length; r++) {
            hosts[r] = "node" + r / 2;
        }
        Profile p = profile(hosts);
        String text = TextReport.render(p, TextReport.Detail.CONCISE, "t");
        assertThat(text)
                .contains("40 nodes; outside MPI per rank over them: min 0.001400, median 0.039400, max 0.079400 s")
                .contains("the 10 nodes with the most time outside MPI per rank:");
        List<String> rows = text.lines()
                .dropWhile(l -> !l.contains("the 10 nodes with"))
                .skip(2)
                .limit(11)
                .map(l -> l.strip().split("\\s+")[0])
                .collect(java.util.stream.Collectors.toList());
        assertThat(rows)
                .containsExactly(
                        "node39", "node38", "node37", "node36", "node35", "node34", "node33", "node32", "node31",
                        "node30", "sums");
        String html = ReportHtml.render(p);
        assertThat(html).contains("id=\"node-spread\"").contains("<tr class=\"slowest\"><td>node39</td>");
        String table = html.substring(html.indexOf("id=\"node-table\""));
        assertThat(table.substring(0, table.indexOf("</table>")).split("<td>node", -1))
                .hasSize(11);
    }

    @Test
    void oneHostGivesNoTable() {
        Profile p = profile("n1", "n1", "n1");
        assertThat(TextReport.render(p, TextReport.Detail.VERBOSE, "t")).doesNotContain("Time per node");
        assertThat(ReportHtml.render(p)).doesNotContain("Time per node").doesNotContain("id=\"nodes\"");
        assertThat(NodeTimes.hostsOfRanks(p)).isEmpty();
    }

    @Test
    void ranksAreWrittenAsRuns() {
        assertThat(NodeTimes.ranks(List.of(0, 1, 2, 5, 7, 8))).isEqualTo("0-2,5,7-8");
        assertThat(NodeTimes.ranks(List.of(4))).isEqualTo("4");
    }
}
