package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
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
            assertThat(e.site).as("%s's call site", e.name).startsWith("org.qmpi4j.samples.");
        }
        assertThat(trace.calls)
                .filteredOn(e -> e.name.equals("MPI_SEND") || e.name.equals("MPI_ISEND"))
                .extracting(e -> e.site)
                .allSatisfy(site -> assertThat(site).contains(" " + sample + ".java:"));
        assertThat(trace.levels).as("no MPI_Pcontrol, no level track").isEmpty();
        assertThat(trace.counters).as("no tracer.pvars, no counter track").isEmpty();
        // Each rank's strings are defined once: the packets that carry interned data are, per rank,
        // the clock note's and at most one per function and one per call site.
        long atMost = 0;
        for (int r = 0; r < ranks; r++) {
            int rank = r;
            atMost += 1
                    + counted.get(r).size()
                    + trace.calls.stream()
                            .filter(e -> e.rank == rank)
                            .map(e -> e.site)
                            .distinct()
                            .count();
        }
        assertThat(trace.packetsWithInternedData).isBetween(2L * ranks, atMost);
    }

    /**
     * PcontrolRegion: two barriers, {@code pControl(0)}, three barriers and an allreduce (not
     * traced), {@code pControl(1)}, a barrier. Each rank's level track shows level 0 from the end
     * of the first {@code MPI_PCONTROL} to the end of the second, then level 1 until the rank's
     * last call, {@code MPI_FINALIZE}; no call lies inside the level-0 region.
     */
    @Test
    void measurementLevelsAreWhereTheProgramSetThem(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.FEATURES + "PcontrolRegion", 2)
                .jvmOption(AgentJob.agentOption("tools=tracer;tracer.json-limit=1"))
                .env("QMPI4J_OUTPUT", out.toString()));
        AgentJob.assertOk(result, 2);
        PerfettoTraceReader trace = PerfettoTraceReader.read(out.resolve("trace.pftrace"));
        Map<String, Long> traced = Map.of(
                "MPI_INIT", 1L,
                "MPI_COMM_RANK", 1L,
                "MPI_COMM_SIZE", 1L,
                "MPI_BARRIER", 3L, // 2 before pControl(0), 1 after pControl(1)
                "MPI_PCONTROL", 2L,
                "MPI_FINALIZE", 1L);
        assertThat(trace.callsPerRank()).isEqualTo(Map.of(0, traced, 1, traced));
        for (int r = 0; r < 2; r++) {
            int rank = r;
            List<Event> calls = trace.calls.stream()
                    .filter(e -> e.rank == rank)
                    .sorted(Comparator.comparingLong(e -> e.start))
                    .collect(Collectors.toList());
            List<Event> pcontrols =
                    calls.stream().filter(e -> e.name.equals("MPI_PCONTROL")).collect(Collectors.toList());
            List<Event> levels =
                    trace.levels.stream().filter(e -> e.rank == rank).collect(Collectors.toList());
            assertThat(levels).extracting(e -> e.name).containsExactly("level 0 (measurement off)", "level 1");
            assertThat(levels.get(0).start).isEqualTo(pcontrols.get(0).end);
            assertThat(levels.get(0).end).isEqualTo(pcontrols.get(1).end);
            assertThat(levels.get(1).start).isEqualTo(pcontrols.get(1).end);
            assertThat(levels.get(1).end).isEqualTo(calls.get(calls.size() - 1).end);
            assertThat(calls.get(calls.size() - 1).name).isEqualTo("MPI_FINALIZE");
            assertThat(calls)
                    .as("calls inside the level-0 region of rank %d", rank)
                    .noneMatch(e -> e.start > levels.get(0).start && e.end < levels.get(0).end);
        }
    }

    /**
     * UnexpectedMessages: rank 0 sends 6 small messages before a barrier, rank 1 receives them
     * after it. Sampled at the end of every barrier and receive, Open MPI's own unexpected-queue
     * length on rank 1 is 6 after the barrier and one less after each receive; on rank 0 it is 0.
     * The agent's own {@code qmpi4j_time_in_mpi} (a fraction of the time since its handle started)
     * is sampled alongside.
     */
    @Test
    void performanceVariablesAreCounterTracks(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.SAMPLES + "UnexpectedMessages", 2)
                .jvmOption(AgentJob.agentOption("tools=tracer;tracer.json-limit=1"
                        + ";tracer.pvars=pml_ob1_unexpected_msgq_length,qmpi4j_time_in_mpi"
                        + ";tracer.pvar-calls=MPI_Barrier,MPI_Recv"))
                .env("QMPI4J_OUTPUT", out.toString()));
        AgentJob.assertOk(result, 2);
        PerfettoTraceReader trace = PerfettoTraceReader.read(out.resolve("trace.pftrace"));
        assertThat(trace.callsPerRank().get(1)).containsEntry("MPI_RECV", 6L).containsEntry("MPI_BARRIER", 1L);
        Map<String, List<Event>> rank1 = trace.counters.get(1);
        assertThat(rank1).containsOnlyKeys("pml_ob1_unexpected_msgq_length", "qmpi4j_time_in_mpi");
        assertThat(rank1.get("pml_ob1_unexpected_msgq_length"))
                .extracting(e -> (long) e.value)
                .containsExactly(6L, 5L, 4L, 3L, 2L, 1L, 0L);
        assertThat(trace.counters.get(0).get("pml_ob1_unexpected_msgq_length"))
                .extracting(e -> (long) e.value)
                .containsExactly(0L);
        List<Event> inMpi = rank1.get("qmpi4j_time_in_mpi");
        assertThat(inMpi).hasSize(7).allSatisfy(e -> assertThat(e.value).isBetween(0.0, 1.0));
        assertThat(inMpi).anySatisfy(e -> assertThat(e.value).isPositive());
        // Each sample at the end of the call it follows: the receives' ends, in order.
        List<Long> recvEnds = trace.calls.stream()
                .filter(e -> e.rank == 1 && e.name.equals("MPI_RECV"))
                .map(e -> e.end)
                .sorted()
                .collect(Collectors.toList());
        assertThat(rank1.get("pml_ob1_unexpected_msgq_length").subList(1, 7))
                .extracting(e -> e.start)
                .isEqualTo(recvEnds);
    }
}
