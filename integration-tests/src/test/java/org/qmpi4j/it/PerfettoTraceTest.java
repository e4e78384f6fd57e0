package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.PerfettoTraces;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.report.trace.PerfettoTraceReader;
import org.qmpi4j.report.trace.PerfettoTraceReader.Event;

/**
 * {@code trace.pftrace} of real Open MPI jobs (the JSON limit set to 1 byte, so that rank 0
 * writes Perfetto's format), read back against Perfetto's schema by {@link PerfettoTraceReader}
 * (interned ids resolved, every track described before its first event, every flow with both
 * ends), compared with what the samples counted themselves: one slice per call, per rank and
 * function; one flow per point-to-point message; one process per rank in rank order, one thread
 * under it.
 */
class PerfettoTraceTest {
    @ParameterizedTest(name = "{0} on {1} ranks")
    @CsvSource({"Ring, 4", "Stencil, 4"})
    void slicesAndFlowsAreWhatTheSampleCounted(String sample, int ranks, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.SAMPLES + sample, ranks)
                .args(sample.equals("Stencil") ? new String[] {"32", "20"} : new String[0])
                .jvmOption(AgentJob.agentOption("tools=tracer;tracer.json-limit=1"))
                .env("QMPI4J_OUTPUT", out.toString()));
        SampleOutput own = AgentJob.assertOk(result, ranks);

        PerfettoTraces t = PerfettoTraces.read(out.resolve("trace.pftrace"));
        PerfettoTraceReader trace = t.reader;
        Map<Integer, Map<String, Long>> counted = new TreeMap<>();
        long messages = 0;
        for (int r = 0; r < ranks; r++) {
            counted.put(r, own.rankReport(r).calls);
            messages += own.rankReport(r).sentTo.values().stream()
                    .mapToLong(v -> v[0])
                    .sum();
        }
        assertThat(t.events).as("slices per rank and function").isEqualTo(counted);
        assertThat(messages).isPositive();
        assertThat((long) trace.flows.size()).as("one flow per message").isEqualTo(messages);

        Map<Integer, Integer> order = new TreeMap<>();
        for (int r = 0; r < ranks; r++) {
            assertThat(trace.processes).containsEntry(r, "rank " + r);
            assertThat(trace.threads.get(r)).as("rank %d's threads", r).hasSize(1);
            order.put(r, r);
        }
        assertThat(trace.processOrder).isEqualTo(order);
        assertThat(trace.descriptions.values()).as("each track described once").containsOnly(1);
        for (Event e : trace.calls) {
            assertThat(e.category).isEqualTo("mpi");
            assertThat(e.track).isEqualTo("main");
        }
        // Each rank's strings are defined once: the packets that carry interned data are, per rank,
        // the clock note's and at most one per function called.
        long atMost = counted.values().stream().mapToLong(m -> 1 + m.size()).sum();
        assertThat(trace.packetsWithInternedData).isBetween(2L * ranks, atMost);
    }
}
