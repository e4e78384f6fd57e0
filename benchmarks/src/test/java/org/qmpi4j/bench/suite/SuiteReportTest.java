package org.qmpi4j.bench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.bench.Variants;

class SuiteReportTest {
    @Test
    void eachRepetitionIsComparedWithTheNoAgentRunOfTheSameRepetition() {
        assertThat(SuiteReport.ratios(List.of(60.0, 30.0, 45.0), List.of(40.0, 20.0, 50.0)))
                .containsExactly(1.5, 1.5, 0.9);
        assertThat(SuiteReport.ratios(List.of(60.0, 30.0), List.of(40.0))).containsExactly(1.5);
    }

    @Test
    void reportShowsMediansRatiosTheTargetDifferencesAndWhatWasLeftOut() {
        ThirdPartySuite.Settings s = new ThirdPartySuite.Settings();
        s.variants = List.of(Variants.NONE, Variants.AGENT, Variants.PROFILER_TRACER);
        ThirdPartySuite.Report r = new ThirdPartySuite.Report(s);
        r.programs.addAll(List.of("mpjtest.ccl.bcast", "mpjtest.pt2pt.getcount"));
        r.excluded.put("mpjtest.topo.cart", "exit 1 on 2 ranks: needs 4 processes");
        r.totals.put(Variants.NONE.id(), List.of(40.0, 20.0, 50.0));
        r.totals.put(Variants.AGENT.id(), List.of(44.0, 22.0, 60.0));
        r.totals.put(Variants.PROFILER_TRACER.id(), List.of(48.0, 30.0, 55.0));
        Outcome pass = new Outcome(0, List.of("0: bcast TEST COMPLETE"));
        r.differences.add(new ThirdPartySuite.Difference(
                "mpjtest.ccl.bcast", Variants.PROFILER_TRACER, 2, pass, new Outcome(1, List.of())));

        String md = r.markdown();

        // medians 40 / 44 / 48; ratios per repetition agent 1.1, 1.1, 1.2 and profiler,tracer 1.2, 1.5, 1.1
        assertThat(md)
                .contains("2 programs run in every repetition, 1 left out by the selection round")
                .containsPattern("\\| no agent +\\| 40\\.0 +\\| baseline +\\| - +\\|")
                .containsPattern("\\| agent, no tool +\\| 44\\.0 +\\| 1\\.10× \\(1\\.10-1\\.20\\) +\\| 0 +\\|")
                .containsPattern("\\| profiler \\+ tracer +\\| 48\\.0 +\\| 1\\.20× \\(1\\.10-1\\.50\\) +\\| 1 +\\|")
                .containsPattern("the suite at most 1\\.3 times +\\| 1\\.20× \\(1\\.10-1\\.50\\) +\\| met +\\|")
                .containsPattern(
                        "\\| mpjtest\\.ccl\\.bcast +\\| profiler \\+ tracer +\\| 2 +\\| exit 0, 0: bcast TEST COMPLETE +\\| exit 1 +\\|")
                .containsPattern("\\| mpjtest\\.topo\\.cart +\\| exit 1 on 2 ranks: needs 4 processes +\\|");
    }

    @Test
    void aRatioAboveTheTargetIsMissedAndNoDifferenceIsSaid() {
        ThirdPartySuite.Settings s = new ThirdPartySuite.Settings();
        s.variants = List.of(Variants.NONE, Variants.PROFILER_TRACER);
        ThirdPartySuite.Report r = new ThirdPartySuite.Report(s);
        r.totals.put(Variants.NONE.id(), List.of(10.0));
        r.totals.put(Variants.PROFILER_TRACER.id(), List.of(14.0));

        assertThat(r.markdown())
                .containsPattern("the suite at most 1\\.3 times +\\| 1\\.40× \\(1\\.40-1\\.40\\) +\\| missed +\\|")
                .contains("None: every program ended with the same status and verdict lines in every variant.");
    }

    @Test
    void eachFindingOfTheCheckerIsListedWithItsProgramAndRun() {
        ThirdPartySuite.Settings s = new ThirdPartySuite.Settings();
        ThirdPartySuite.Report r = new ThirdPartySuite.Report(s);
        r.checkFindings.put("mpjtest.ccl.bcast", java.util.Map.of("check #1", List.of()));
        r.checkFindings.put(
                "mpjtest.pt2pt.isend",
                java.util.Map.of("check #1", List.of("error request_leak: a request never completed | [rank 0]")));
        r.checkWithoutMpi.add("mpjtest.pt2pt.cancel1");

        assertThat(r.markdown())
                .contains("3 programs run under `check`; 1 with findings")
                .contains("1 never initialise MPI (nothing to check): mpjtest.pt2pt.cancel1.")
                .containsPattern("\\| mpjtest\\.pt2pt\\.isend +\\| check #1 +\\| error request_leak: a request"
                        + " never completed \\\\\\| \\[rank 0\\] +\\|")
                .doesNotContain("| mpjtest.ccl.bcast ");
    }

    @Test
    void aCheckRunWithoutItsFindingsFileIsAProblemLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        assertThat(CheckFindings.read(dir.resolve("none")))
                .as("no output folder: MPI never initialised")
                .isNull();
        assertThat(CheckFindings.read(dir)).singleElement().asString().startsWith("problem: check wrote no ");
        java.nio.file.Files.writeString(
                dir.resolve("check.json"),
                org.qmpi4j.formats.check.CheckFormat.write(
                        List.of(new org.qmpi4j.formats.check.Finding(
                                "request_leak",
                                org.qmpi4j.formats.check.Finding.Severity.ERROR,
                                "an MPI_IRECV never completed",
                                List.of(),
                                2)),
                        List.of(0, 1),
                        true));
        assertThat(CheckFindings.read(dir))
                .containsExactly("error request_leak: an MPI_IRECV never completed (2 times)");
    }
}
