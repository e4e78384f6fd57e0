package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.report.trace.PerfettoTraceReader.Event;

/**
 * A shard with sampled performance variables ({@code V} and {@code P} lines) and
 * {@code MPI_PCONTROL} levels, written by {@link TraceFileWriter}, assembled by
 * {@link PerfettoTraceAssembler} and read back by {@link PerfettoTraceReader}.
 */
class PerfettoCountersTest {
    @TempDir
    Path dir;

    @Test
    void samplesBecomeCounterTracksAndLevelsSlices() throws Exception {
        Path shard = dir.resolve("rank-0.trace");
        try (TraceFileWriter w = new TraceFileWriter(shard, 0, 1, "openmpi", Long.MAX_VALUE, 1024)) {
            w.clock(0, 0, 0);
            w.zero(0);
            w.defineFunction(0, "MPI_RECV");
            w.defineFunction(1, "MPI_PCONTROL");
            w.defineThread(1, "main");
            w.definePvar(0, true, "pml_ob1_unexpected_msgq_length");
            w.definePvar(1, false, "qmpi4j_time_in_mpi");
            w.event(
                    1,
                    1,
                    1_000,
                    100,
                    TraceFormat.NONE,
                    TraceFormat.NONE,
                    TraceFormat.NONE,
                    TraceFormat.NONE,
                    TraceFormat.NONE,
                    TraceFormat.NONE,
                    TraceFormat.NONE);
            for (int i = 0; i < 3; i++) {
                long t = 2_000 + 1_000L * i;
                w.event(0, 1, t, 500, 0, 7, 4, TraceFormat.NONE, TraceFormat.NONE, TraceFormat.NONE, TraceFormat.NONE);
                w.pvarSample(0, t + 500, 3 - i, true);
                w.pvarSample(1, t + 500, 0.25 * (i + 1), false);
            }
        }
        assertThat(org.qmpi4j.formats.trace.ShardText.lines(shard))
                .contains("V 0 I pml_ob1_unexpected_msgq_length")
                .contains("P 0 2500 3")
                .contains("P 1 2500 0.25");
        ShardSummary summary = ShardSummary.scan(shard, 0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoTraceAssembler a = new PerfettoTraceAssembler(out, 1);
        a.rank(summary);
        byte[] bytes = Files.readAllBytes(shard);
        a.feed(0, bytes, 0, bytes.length);
        TraceResult s = a.finish();
        assertThat(s.problems()).isEmpty();

        PerfettoTraceReader t = PerfettoTraceReader.read(out.toByteArray());
        List<Event> queue = t.counter(0, "pml_ob1_unexpected_msgq_length");
        assertThat(queue).extracting(e -> e.value).containsExactly(3.0, 2.0, 1.0);
        assertThat(t.counter(0, "qmpi4j_time_in_mpi")).extracting(e -> e.value).containsExactly(0.25, 0.5, 0.75);
        assertThat(queue.get(0).start - t.calls.get(1).start).isEqualTo(500);
        assertThat(t.callsPerRank().get(0)).containsEntry("MPI_RECV", 3L).containsEntry("MPI_PCONTROL", 1L);
    }
}
