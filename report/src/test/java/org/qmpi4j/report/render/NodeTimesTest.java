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
