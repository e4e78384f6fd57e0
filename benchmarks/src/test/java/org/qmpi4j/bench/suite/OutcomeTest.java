package org.qmpi4j.bench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmpi4j.launch.JobResult;

class OutcomeTest {
    @Test
    void verdictLinesAreTheProgramsOwnStatementsAndNotItsTimings() {
        assertThat(Outcome.verdictLines(List.of(
                        "Allgather TEST COMPLETE",
                        "  <<<<PASSED>>>> ",
                        "time per message 12.5 us",
                        "ERROR in MPI.Sendrecv: incorrect tag (3)",
                        "#################",
                        "Isend Completed ")))
                .containsExactly(
                        "Allgather TEST COMPLETE",
                        "<<<<PASSED>>>>",
                        "ERROR in MPI.Sendrecv: incorrect tag (3)",
                        "Isend Completed");
    }

    @Test
    void anOutcomeIsTheExitStatusAndEachRanksVerdicts() {
        Outcome ok = Outcome.of(result(0, List.of("Allgather TEST COMPLETE"), List.of("took 3 ms")), 2);
        assertThat(ok.verdicts).containsExactly("0: Allgather TEST COMPLETE");
        assertThat(ok.succeeded()).isTrue();
        assertThat(ok).isEqualTo(Outcome.of(result(0, List.of("Allgather TEST COMPLETE"), List.of("took 9 ms")), 2));

        assertThat(ok).isNotEqualTo(Outcome.of(result(1, List.of("Allgather TEST COMPLETE"), List.of()), 2));
        assertThat(ok).isNotEqualTo(Outcome.of(result(0, List.of(), List.of("Allgather TEST COMPLETE")), 2));
        assertThat(Outcome.of(result(124, List.of(), List.of()), 2).succeeded()).isFalse();
        assertThat(ok.toString()).isEqualTo("exit 0, 0: Allgather TEST COMPLETE");
    }

    private static JobResult result(int exit, List<String> rank0, List<String> rank1) {
        return new JobResult(
                List.of("java"), exit, exit == 124, Duration.ofMillis(300), "", "", Map.of(0, rank0, 1, rank1));
    }
}
