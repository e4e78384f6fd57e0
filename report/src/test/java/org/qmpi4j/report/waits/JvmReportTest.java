package org.qmpi4j.report.waits;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.JvmSummary;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.WaitReport;
import org.qmpi4j.report.render.ReportHtml;
import org.qmpi4j.report.render.TextReport;

/**
 * "What the JVM did" in report.txt: the collecting rank named with its share of the job's waiting
 * and the advice its evidence supports; a balanced program, whose late rank only computed, claims
 * no JVM cause; a profile without causes says none.
 */
class JvmReportTest {
    private static final long MS = 1_000_000;
    private static final CallSite BARRIER = new CallSite("org.example.App", "main", "App.java", 32);
    private static final long[] NOTHING = new long[10];

    /** Rank 2 reaches the barrier at 100 ms; of its 99 ms before it, {@code gcMs} were collections. */
    private static WaitReport report(long gcMs) throws Exception {
        return report(gcMs, 8);
    }

    private static WaitReport report(long gcMs, long collections) throws Exception {
        Map<Integer, List<WaitEvent>> calls = new TreeMap<>();
        for (int r = 0; r < 3; r++) {
            calls.put(r, new ArrayList<>());
            calls.get(r)
                    .add(WaitEvent.call(r, "MPI_INIT", CallSite.UNKNOWN, 0, MS).jvm(NOTHING));
            long[] jvm = r == 2 ? new long[] {gcMs * MS, collections, 0, 0, 0, 0, 0, 0, 0, 0} : NOTHING;
            calls.get(r)
                    .add(WaitEvent.call(r, "MPI_BARRIER", BARRIER, (r == 2 ? 100 : 10) * MS, 101 * MS)
                            .collective("world", 3, 0, -1)
                            .jvm(jvm));
        }
        Map<Integer, WaitAnalysis.RankEvents> sources = new TreeMap<>();
        calls.forEach((r, list) -> {
            Iterator<WaitEvent> it = list.iterator();
            sources.put(r, () -> it.hasNext() ? it.next() : null);
        });
        return WaitAnalysis.analyse(sources, WaitAnalysis.DEFAULT_NOISE_FLOOR_NS);
    }

    private static Profile profile(String lastCause) {
        return profile(lastCause, false);
    }

    /**
     * Rank 2 collected; with {@code oneJvm} the three ranks are threads of one JVM (as in MPJ's
     * multicore mode), each rank's summary then the process's (61 ms, 8 collections, read at each
     * rank's end), descheduled time each thread's own.
     */
    private static Profile profile(String lastCause, boolean oneJvm) {
        return profile(lastCause, oneJvm, 8);
    }

    private static Profile profile(String lastCause, boolean oneJvm, long collections) {
        List<RankProfile> ranks = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            boolean collected = r == 2 || oneJvm;
            ranks.add(RankProfile.builder(r, 3, oneJvm ? "mpj" : "openmpi")
                    .environment("host", "n1")
                    .environment("pid", oneJvm ? "4242" : Integer.toString(4242 + r))
                    .appNs(200 * MS)
                    .function("MPI_BARRIER", "COLLECTIVE", new CallStats().add(1000, 0, false))
                    .jvm(new JvmSummary(
                            collected ? 61 * MS : MS,
                            collected ? collections : 1,
                            MS / 10,
                            3,
                            20 * MS,
                            MS * (r + 1),
                            List.of(),
                            lastCause))
                    .build());
        }
        return ProfileMerger.merge(ranks);
    }

    private static String section(Profile p) throws Exception {
        // Through profile.json, as `qmpi4j report` reads it.
        String txt = TextReport.render(ProfileFormat.read(ProfileFormat.write(p)), TextReport.Detail.VERBOSE, "t");
        int at = txt.indexOf("== What the JVM did");
        assertThat(at).as(txt).isNotNegative();
        int end = txt.indexOf("\n== ", at + 1);
        return txt.substring(at, end < 0 ? txt.length() : end);
    }

    @Test
    void theCollectingRankIsNamedWithItsShareAndTheAdviceItsEvidenceSupports() throws Exception {
        String s = section(profile("System.gc()").withWaits(report(60)));
        // Ranks 0 and 1 waited 90 ms each for rank 2, whose window held 90/99 of its 60 ms of collection.
        assertThat(s)
                .contains("61 % of the job's waiting was caused by garbage collection on rank 2: 8 collections,"
                        + " last cause System.gc(), 0.109 s")
                .contains("rank 2 calls System.gc() (its last collection's cause)")
                .doesNotContain("heap may be too small")
                .doesNotContain("class loading while")
                .doesNotContain("runnable but not running");
        String txt = TextReport.render(profile("System.gc()").withWaits(report(60)), TextReport.Detail.VERBOSE, "t");
        assertThat(txt).containsPattern("computation .*gc 61 %");
    }

    @Test
    void reportHtmlSaysTheSame() throws Exception {
        String html = ReportHtml.render(profile("System.gc()").withWaits(report(60)));
        assertThat(html)
                .contains("<a href=\"#jvm\">what the JVM did</a>")
                .contains("<section id=\"jvm\"><h2>What the JVM did</h2>")
                .contains("<li><b>61 % of the job&#39;s waiting was caused by garbage collection on rank 2")
                .contains("id=\"jvm-advice\"")
                .contains("<td>gc 61 %</td>");
        String balanced = ReportHtml.render(profile("G1 Evacuation Pause").withWaits(report(0)));
        assertThat(balanced)
                .contains("id=\"jvm-none\"")
                .doesNotContain("jvm-findings")
                .doesNotContain("jvm-advice");
        if (System.getProperty("qmpi4j.test.html") != null) { // for a look in a browser
            java.nio.file.Files.writeString(
                    java.nio.file.Path.of(System.getProperty("qmpi4j.test.html"), "gc.html"), html);
            java.nio.file.Files.writeString(
                    java.nio.file.Path.of(System.getProperty("qmpi4j.test.html"), "balanced.html"), balanced);
        }
    }

    @Test
    void collectionsThatWereNotAskedForAdviseAlargerHeap() throws Exception {
        String s = section(profile("G1 Evacuation Pause").withWaits(report(60)));
        assertThat(s).contains("heap may be too small").doesNotContain("System.gc() (its");
    }

    @Test
    void oneCollectionIsNamedButIsNoEvidenceOfAHeapTooSmall() throws Exception {
        String s = section(profile("G1 Evacuation Pause", false, 1).withWaits(report(20, 1)));
        assertThat(s)
                .contains("caused by garbage collection on rank 2")
                .contains("rank 2's 1 collection caused")
                .contains("too few to say its heap is too small")
                .doesNotContain("heap may be too small");
    }

    @Test
    void aBalancedProgramClaimsNoCauseItDidNotSee() throws Exception {
        String s = section(profile("G1 Evacuation Pause").withWaits(report(0)));
        assertThat(s)
                .contains("the JVM caused no notable waiting: 100 % of the job's 0.180 s of waiting came from the"
                        + " application's own time")
                .doesNotContain("% of the job's waiting was caused by")
                .doesNotContain("advice");
    }

    @Test
    void ranksThatShareOneJvmHaveItsPausesCountedOnceAndAreToldSo() throws Exception {
        String s = section(profile("System.gc()", true).withWaits(report(60)));
        // One row for the JVM, its collections once, the threads' descheduled time added up (1+2+3 ms).
        assertThat(s)
                .containsPattern("\\n  0-2 \\(one JVM\\) +0\\.061 +8 +0\\.000 +0\\.020 +0\\.006 +System\\.gc\\(\\)\\n")
                .doesNotContainPattern("\\n  [012] +0\\.061")
                .contains("ranks 0-2 are threads of one JVM (MPJ Express multicore mode)")
                .contains("counted once for the JVM, not once per rank")
                .contains("garbage collection on rank 2: 8 collections of the JVM it shares with ranks 0-2,");
        String separate = section(profile("System.gc()", false).withWaits(report(60)));
        assertThat(separate).doesNotContain("one JVM").containsPattern("\\n +2 +0\\.061 +8 ");
        assertThat(ReportHtml.render(profile("System.gc()", true).withWaits(report(60))))
                .contains("<tr><td>0-2 (one JVM)</td><td>0.061</td><td>8</td>")
                .contains("id=\"jvm-shared\"");
    }

    @Test
    void manyJvmsAreSummarisedWithTheOnesThatPausedMost() throws Exception {
        // 100 ranks, each its own JVM; rank 77 collected for 900 ms, rank 5 was descheduled 500 ms
        List<RankProfile> ranks = new ArrayList<>();
        for (int r = 0; r < 100; r++) {
            ranks.add(RankProfile.builder(r, 100, "openmpi")
                    .environment("host", "n" + r / 10)
                    .environment("pid", Integer.toString(1000 + r))
                    .appNs(200 * MS)
                    .function("MPI_BARRIER", "COLLECTIVE", new CallStats().add(1000, 0, false))
                    .jvm(new JvmSummary(
                            r == 77 ? 900 * MS : (r + 1) * MS / 10,
                            r == 77 ? 40 : 1,
                            MS / 10,
                            3,
                            20 * MS,
                            r == 5 ? 500 * MS : MS,
                            List.of(),
                            "G1 Evacuation Pause"))
                    .build());
        }
        Profile p = ProfileMerger.merge(ranks);
        String s = section(p);
        assertThat(s).contains("100 JVMs, each column's distribution over them:");
        assertThat(s).containsPattern("max +0\\.900 +40 ");
        assertThat(s).containsPattern("median +0\\.005 +1 ");
        int most = s.indexOf("the 10 JVMs that paused most:");
        assertThat(most).isPositive();
        String listed = s.substring(most);
        List<String> rows = listed.lines()
                .filter(l -> l.matches(" +\\d+ .*"))
                .map(l -> l.trim().split(" +")[0])
                .collect(java.util.stream.Collectors.toList());
        assertThat(rows)
                .as("the collector, the descheduled rank, then the largest pauses: " + listed)
                .containsExactly("77", "5", "99", "98", "97", "96", "95", "94", "93", "92");

        String html = ReportHtml.render(p);
        assertThat(html).contains("id=\"jvm-distribution\"").contains("The 10 JVMs that paused most:");
        String table = html.substring(html.indexOf("id=\"jvm-table\""));
        table = table.substring(0, table.indexOf("</table>"));
        assertThat(table.split("<tr><td>", -1)).hasSize(11);
    }

    @Test
    void ranksGivenTheSameAdviceShareOneLine() throws Exception {
        // Five ranks, two barriers: rank 2 is late for the first, rank 4 for the second, each after
        // 60 ms of collections in its 99 ms before it.
        long[] collecting = {60 * MS, 8, 0, 0, 0, 0, 0, 0, 0, 0};
        Map<Integer, List<WaitEvent>> calls = new TreeMap<>();
        for (int r = 0; r < 5; r++) {
            List<WaitEvent> list = new ArrayList<>();
            list.add(WaitEvent.call(r, "MPI_INIT", CallSite.UNKNOWN, 0, MS).jvm(NOTHING));
            list.add(WaitEvent.call(r, "MPI_BARRIER", BARRIER, (r == 2 ? 100 : 10) * MS, 101 * MS)
                    .collective("world", 5, 0, -1)
                    .jvm(r == 2 ? collecting : NOTHING));
            list.add(WaitEvent.call(r, "MPI_BARRIER", BARRIER, (r == 4 ? 200 : 110) * MS, 201 * MS)
                    .collective("world", 5, 1, -1)
                    .jvm(r == 4 ? collecting : NOTHING));
            calls.put(r, list);
        }
        Map<Integer, WaitAnalysis.RankEvents> sources = new TreeMap<>();
        calls.forEach((r, list) -> {
            Iterator<WaitEvent> it = list.iterator();
            sources.put(r, () -> it.hasNext() ? it.next() : null);
        });
        WaitReport waits = WaitAnalysis.analyse(sources, WaitAnalysis.DEFAULT_NOISE_FLOOR_NS);
        List<RankProfile> ranks = new ArrayList<>();
        for (int r = 0; r < 5; r++) {
            boolean collected = r == 2 || r == 4;
            ranks.add(RankProfile.builder(r, 5, "openmpi")
                    .environment("host", "n1")
                    .environment("pid", Integer.toString(4242 + r))
                    .appNs(300 * MS)
                    .function("MPI_BARRIER", "COLLECTIVE", new CallStats().add(1000, 0, false))
                    .jvm(new JvmSummary(
                            collected ? 61 * MS : MS,
                            collected ? 8 : 1,
                            MS / 10,
                            3,
                            20 * MS,
                            MS,
                            List.of(),
                            "G1 Evacuation Pause"))
                    .build());
        }
        String s = section(ProfileMerger.merge(ranks).withWaits(waits));
        assertThat(s)
                .contains("the collections of ranks 2, 4 caused 30 % of the waiting each: their heaps may be too small")
                .doesNotContain("rank 2's collections")
                .doesNotContain("rank 4's collections");
    }

    @Test
    void withoutTheTracerNoCauseIsClaimed() throws Exception {
        String s = section(profile("System.gc()"));
        assertThat(s)
                .contains("known with the tracer")
                .doesNotContain("caused by")
                .doesNotContain("advice");
    }
}
