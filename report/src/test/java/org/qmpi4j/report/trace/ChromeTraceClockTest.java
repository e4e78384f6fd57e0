package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;

/** The Chrome trace shows a rank's times on rank 0's clock, as the shard's clock model says. */
class ChromeTraceClockTest {
    @TempDir
    Path dir;

    @Test
    void theAssemblerMapsEachRanksOwnTimesOntoRankZerosClock() throws Exception {
        Path f = dir.resolve("rank-1.trace");
        try (TraceFileWriter w = new TraceFileWriter(f, 1, 2, "openmpi", Long.MAX_VALUE, 1024)) {
            w.clock(5_000_000_000L, -4_999_000_000L, 200); // this clock is ~5 s ahead of rank 0's
            w.zero(1_000_000L);
            w.defineFunction(0, "MPI_BARRIER");
            w.event(
                    0,
                    1,
                    5_001_000_000L,
                    2_000,
                    TraceFormat.NONE,
                    TraceFormat.NONE,
                    TraceFormat.NONE,
                    TraceFormat.NONE,
                    TraceFormat.NONE,
                    TraceFormat.NONE,
                    TraceFormat.NONE);
        }
        StringWriter out = new StringWriter();
        ChromeTraceAssembler a = new ChromeTraceAssembler(out, 2, "openmpi");
        byte[] b = Files.readAllBytes(f);
        a.feed(1, b, 0, b.length);
        a.endRank(1);
        a.finish();
        JsonNode root = JsonNode.parse(out.toString());
        for (JsonNode e : root.get("traceEvents").elements()) {
            if (e.get("ph").asString().equals("X") && e.get("cat").asString().equals("mpi")) {
                // 5.001 s local - 4.999 s offset - 1 ms zero = 1 ms
                assertThat(e.get("ts").asDouble()).isEqualTo(1000.0);
            }
        }
        JsonNode offsets = root.get("otherData").get("clock_offsets").elements().get(0);
        assertThat(offsets.get("init_offset_ns").asLong()).isEqualTo(-4_999_000_000L);
        assertThat(offsets.get("init_error_ns").asLong()).isEqualTo(200);
        assertThat(offsets.get("error_bound_ns").asLong())
                .as("bound over the rank's calls")
                .isEqualTo(200);
        ShardSummary s = ShardSummary.scan(f, 1);
        assertThat(s.start()).isEqualTo(1_000_000L);
        assertThat(ShardSummary.fromLongs(s.toLongs()).end()).isEqualTo(1_002_000L);
    }
}
