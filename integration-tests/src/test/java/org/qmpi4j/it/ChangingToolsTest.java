package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.launch.JobResult;

/**
 * The sample tools that change calls, under real MPI: {@code ssend} turns standard
 * sends synchronous (Open MPI and MPJ Express), {@code fault-inject} fails a chosen call with the
 * binding's exception, {@code replay} replaces {@code ANY_SOURCE} by the sources of a recorded run.
 */
class ChangingToolsTest {
    private static final String EXCHANGE = AgentJob.FEATURES + "BufferedExchange";
    /** Long enough for a healthy 2-rank job on a busy machine, short for one that deadlocked. */
    private static final Duration DEADLOCK_LIMIT = Duration.ofSeconds(40);

    @Test
    void ssendStopsAProgramThatReliesOnBufferingAndLeavesASafeOneAlone() throws Exception {
        JobResult plain = AgentJob.run(AgentJob.plain(EXCHANGE, 2).args("unsafe"));
        assertThat(plain.succeeded()).as(plain.describe()).isTrue();
        assertThat(plain.stdout().split("result=OK", -1)).as(plain.describe()).hasSize(3);

        JobResult unsafe = AgentJob.run(
                AgentJob.withTools(EXCHANGE, 2, "ssend").args("unsafe").timeout(DEADLOCK_LIMIT));
        assertThat(unsafe.timedOut()).as(unsafe.describe()).isTrue();
        assertThat(unsafe.stdout()).doesNotContain("result=OK");

        JobResult safe = AgentJob.run(
                AgentJob.withTools(EXCHANGE, 2, "counter,ssend,counter").args("safe"));
        AgentJob.assertOk(safe, 2);
        assertThat(AgentJob.markerLines(safe, "QMPI4J-SSEND"))
                .containsExactlyInAnyOrder("QMPI4J-SSEND rank=0 converted=1", "QMPI4J-SSEND rank=1 converted=1");
        // The counter before ssend sees MPI_SEND, the one after it MPI_SSEND; each call happened once.
        for (int rank = 0; rank < 2; rank++) {
            var counts = AgentJob.counterCounts(safe).get(rank);
            List<Integer> ids = counts.keySet().stream().sorted().collect(Collectors.toList());
            assertThat(counts.get(ids.get(0))).containsEntry("MPI_SEND", 1L).doesNotContainKey("MPI_SSEND");
            assertThat(counts.get(ids.get(1))).containsEntry("MPI_SSEND", 1L).doesNotContainKey("MPI_SEND");
        }
    }

    /**
     * MPJ Express in niodev mode (one JVM per rank) buffers small standard sends as Open MPI does.
     * Its multicore device does not: there the unsafe program deadlocks even without the tool.
     */
    @Test
    void ssendOnMpjExpress() throws Exception {
        MpjAgentJob.Mode mode = MpjAgentJob.Mode.NIODEV;
        JobResult plain = MpjAgentJob.run(
                mode, MpjAgentJob.withTools("BufferedExchange", 2, "").args("unsafe"));
        MpjAgentJob.assertOk(plain, 2, mode);

        JobResult unsafe = MpjAgentJob.run(
                mode,
                MpjAgentJob.withTools("BufferedExchange", 2, "ssend")
                        .args("unsafe")
                        .timeout(DEADLOCK_LIMIT));
        assertThat(unsafe.timedOut()).as(unsafe.describe()).isTrue();

        JobResult safe = MpjAgentJob.run(
                mode, MpjAgentJob.withTools("BufferedExchange", 2, "ssend").args("safe"));
        MpjAgentJob.assertOk(safe, 2, mode);
        assertThat(safe.stdout()).contains("QMPI4J-SSEND rank=0 converted=1", "QMPI4J-SSEND rank=1 converted=1");
    }

    @Test
    void faultInjectFailsTheChosenCallWithOpenMpisOwnException() throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.FEATURES + "InjectedFaults", 2, "fault-inject")
                .jvmOption("-Dqmpi4j.fault-inject.function=MPI_BARRIER")
                .jvmOption("-Dqmpi4j.fault-inject.call=3"));
        AgentJob.assertOk(result, 2);
        for (int r = 0; r < 2; r++) {
            int rank = r;
            assertThat(AgentJob.markerLines(result, "QMPI4J-CAUGHT rank=" + rank + " "))
                    .as(result.describe())
                    .singleElement()
                    .satisfies(l -> assertThat(l)
                            .startsWith("QMPI4J-CAUGHT rank=" + rank + " call=3 errorClass=")
                            .contains("isErrOther=true", "message=fault-inject: call 3 of MPI_BARRIER"));
            assertThat(AgentJob.markerLines(result, "QMPI4J-INJECTED rank=" + rank + " "))
                    .singleElement()
                    .satisfies(l -> assertThat(l).contains("function=MPI_BARRIER call=3"));
        }
        assertThat(result.stdout()).contains("5 barriers, 1 failed with MPIException");
        assertThat(result.stderr()).doesNotContain("failed in");
    }

    @Test
    void replayImposesTheRecordedOrderOfWildcardReceives(@TempDir Path dir) throws Exception {
        String sample = AgentJob.FEATURES + "WildcardOrder";
        Path record = dir.resolve("record");
        JobResult recorded =
                AgentJob.run(AgentJob.withTools(sample, 4, "replay").jvmOption("-Dqmpi4j.replay.record=" + record));
        AgentJob.assertOk(recorded, 4);
        String order =
                AgentJob.markerLines(recorded, "QMPI4J-ORDER").get(0).replace("QMPI4J-ORDER rank=0 sources=", "");
        assertThat(Files.readAllLines(record.resolve("wildcards-rank0.txt"), StandardCharsets.UTF_8))
                .containsExactly(order.split(","));

        // A made-up record in an order the run did not have: the receives now match exactly it.
        Path made = Files.createDirectories(dir.resolve("made"));
        String wanted = order.equals("3,2,1") ? "2,3,1" : "3,2,1";
        Files.write(made.resolve("wildcards-rank0.txt"), List.of(wanted.split(",")), StandardCharsets.UTF_8);
        JobResult replayed =
                AgentJob.run(AgentJob.withTools(sample, 4, "replay").jvmOption("-Dqmpi4j.replay.from=" + made));
        AgentJob.assertOk(replayed, 4);
        assertThat(AgentJob.markerLines(replayed, "QMPI4J-ORDER"))
                .containsExactly("QMPI4J-ORDER rank=0 sources=" + wanted);
        assertThat(AgentJob.markerLines(replayed, "QMPI4J-REPLAY rank=0 "))
                .containsExactly("QMPI4J-REPLAY rank=0 mode=replay wildcards=3 replaced=3");
    }
}
