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
}
