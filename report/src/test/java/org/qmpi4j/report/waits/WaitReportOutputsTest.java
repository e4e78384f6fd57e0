package org.qmpi4j.report.waits;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.SampleProfiles;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.Pattern;
import org.qmpi4j.formats.waits.WaitReport;
import org.qmpi4j.report.compare.ProfileComparison;
import org.qmpi4j.report.render.ComparisonText;
import org.qmpi4j.report.render.ReportHtml;
import org.qmpi4j.report.render.TextReport;

/** The wait states as profile.json holds them, read back unchanged, and as the reports show them. */
class WaitReportOutputsTest {
    private static final long MS = 1_000_000;
    private static final CallSite RECV = new CallSite("org.example.App", "main", "App.java", 28);
    private static final CallSite SEND = new CallSite("org.example.App", "main", "App.java", 27);
    private static final CallSite BARRIER = new CallSite("org.example.App", "main", "App.java", 32);

    /** Rank 1 sends 430 ms late to rank 0; rank 3 reaches the barrier 300 ms after ranks 0 to 2. */
    static WaitReport report() throws Exception {
        Map<Integer, List<WaitEvent>> calls = new TreeMap<>();
        for (int r = 0; r < 4; r++) {
            calls.put(r, new java.util.ArrayList<>());
            requireNonNull(calls.get(r))
                    .add(WaitEvent.call(r, "MPI_INIT", CallSite.UNKNOWN, 0, MS).errorBound(MS / 10));
        }
        requireNonNull(calls.get(1))
                .add(WaitEvent.call(1, "MPI_SEND", SEND, 440 * MS, 441 * MS).sends("1>0", WaitEvent.Completion.HERE));
        requireNonNull(calls.get(0))
                .add(WaitEvent.call(0, "MPI_RECV", RECV, 10 * MS, 441 * MS).receives("1>0", WaitEvent.Completion.HERE));
        long[] at = {450, 450, 450, 750};
        for (int r = 0; r < 4; r++) {
            requireNonNull(calls.get(r))
                    .add(WaitEvent.call(r, "MPI_BARRIER", BARRIER, at[r] * MS, 751 * MS)
                            .collective("world", 4, 0, -1)
                            .errorBound(r == 2 ? 400 * MS : MS / 10));
        }
        Map<Integer, WaitAnalysis.RankEvents> sources = new TreeMap<>();
        calls.forEach((r, list) -> {
            java.util.Iterator<WaitEvent> it = list.iterator();
            sources.put(r, () -> it.hasNext() ? it.next() : null);
        });
        return WaitAnalysis.analyse(sources, WaitAnalysis.DEFAULT_NOISE_FLOOR_NS);
    }

    private static Profile profile() {
        return ProfileMerger.merge(List.of(
                SampleProfiles.rank(0, 4),
                SampleProfiles.rank(1, 4),
                SampleProfiles.rank(2, 4),
                SampleProfiles.rank(3, 4)));
    }

    @Test
    void profileJsonHoldsThemAndReadsThemBackUnchanged() throws Exception {
        String json = ProfileFormat.write(profile().withWaits(report()));
        assertThat(json)
                .contains("\"pattern\": \"late_sender\"")
                .contains("\"file\": \"App.java\"")
                .contains("\"line\": 28")
                .contains("\"critical_path\"");
        Profile back = ProfileFormat.read(json);
        assertThat(requireNonNull(back.waits()).waits()).hasSize(4);
        assertThat(ProfileFormat.write(back)).isEqualTo(json);
        assertThat(ProfileFormat.read(ProfileFormat.write(profile())).waits()).isNull();
    }

    @Test
    void reportTxtShowsTheWaitsTheirCausesAndThePath() throws Exception {
        String txt = TextReport.render(profile().withWaits(report()), TextReport.Detail.VERBOSE, "t");
        String section = txt.substring(txt.indexOf("== Wait states"), txt.indexOf("== Call sites"));
        assertThat(section)
                .contains("late sender 0.430000 s, wait at barrier 0.900000 s")
                .containsPattern("late sender +0 +MPI_RECV +App.java:28 +1 +0.430000 +1")
                .containsPattern("wait at barrier +2 +MPI_BARRIER +App.java:32 +3 +0.300000 +1 +UNCERTAIN")
                .contains("rank 1: computation from MPI_INIT (?) to MPI_SEND (App.java:27)")
                .contains("rank 3: computation from MPI_INIT (?) to MPI_BARRIER (App.java:32)")
                .contains("uncertain: the wait is shorter than the two ranks' clock error bounds")
                .contains("critical path: 0.751000 s");
    }

    @Test
    void reportHtmlDrawsBarsPerRankAndTheWorstWaits() throws Exception {
        String html = ReportHtml.render(profile().withWaits(report()));
        assertThat(html).contains("<section id=\"waits\">").contains("<a href=\"#waits\">");
        assertThat(count(html, "<tr data-pattern=")).isEqualTo(4);
        // Rank 0 waited in two patterns (two bar segments), ranks 1 and 2 in one each.
        assertThat(count(html, "<rect class=\"wait-bar\" data-rank=\"0\"")).isEqualTo(2);
        assertThat(count(html, "<rect class=\"wait-bar\"")).isEqualTo(4);
        assertThat(count(html, "<figure class=\"wait-instance\">")).isEqualTo(4);
        assertThat(ReportHtml.render(profile())).doesNotContain("id=\"waits\"");
    }

    @Test
    void diffComparesTheWaitingWhenBothRunsHaveIt() throws Exception {
        ProfileComparison c = new ProfileComparison(
                List.of("a", "b"),
                List.of(profile().withWaits(report()), profile().withWaits(WaitReport.empty())));
        assertThat(c.waits()).hasSize(Pattern.values().length + 1);
        assertThat(c.waits().get(0).value(0)).isEqualTo(0.430 / 4);
        assertThat(ComparisonText.render(c)).contains("Waiting per rank, by pattern");
        assertThat(new ProfileComparison(
                                List.of("a", "b"), List.of(profile(), profile().withWaits(report())))
                        .waits())
                .isEmpty();
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
            n++;
        }
        return n;
    }
}
