package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.formats.trace.TraceResult;

class TraceTest {
    @TempDir
    Path dir;

    private Path write(int rank, long limit, int events) throws Exception {
        Path f = dir.resolve("rank-" + rank + ".trace");
        try (TraceFileWriter w = new TraceFileWriter(f, rank, 2, "openmpi", limit, 1024)) {
            w.defineFunction(0, "MPI_SEND");
            w.defineFunction(1, "MPI_RECV");
            w.defineThread(1, "main");
            for (int i = 0; i < events; i++) {
                if (rank == 0) {
                    w.event(0, 1, 1000L * i, 500, 1, 7, 4, i, TraceFormat.NONE, TraceFormat.NONE, TraceFormat.NONE);
                } else {
                    w.event(1, 1, 1000L * i + 200, 600, 0, 7, 4, TraceFormat.NONE, 0, 7, i);
                }
            }
        }
        return f;
    }

    @Test
    void assemblesOneTrackPerRankWithArrowsFromSendsToReceives() throws Exception {
        byte[] r0 = Files.readAllBytes(write(0, Long.MAX_VALUE, 3));
        byte[] r1 = Files.readAllBytes(write(1, Long.MAX_VALUE, 3));
        StringWriter out = new StringWriter();
        ChromeTraceAssembler a = new ChromeTraceAssembler(out, 2, "openmpi");
        // Byte by byte for rank 0: lines split anywhere must come out whole.
        for (int i = 0; i < r0.length; i++) {
            a.feed(0, r0, i, 1);
        }
        a.endRank(0);
        a.feed(1, r1, 0, r1.length);
        a.endRank(1);
        TraceResult s = a.finish();
        assertThat(s.calls()).isEqualTo(Map.of(0, 3L, 1, 3L));
        assertThat(s.problems()).isEmpty();

        JsonNode root = JsonNode.parse(out.toString());
        List<String> flowsStart = new ArrayList<>();
        List<String> flowsEnd = new ArrayList<>();
        int complete = 0;
        List<Long> processes = new ArrayList<>();
        for (JsonNode e : root.get("traceEvents").elements()) {
            String ph = e.get("ph").asString();
            if (ph.equals("X") && e.get("cat").asString().equals("mpi")) {
                complete++;
                assertThat(e.get("dur").asDouble()).isPositive();
            } else if (ph.equals("s")) {
                flowsStart.add(e.get("id").asString());
            } else if (ph.equals("f")) {
                flowsEnd.add(e.get("id").asString());
                assertThat(e.get("bp").asString()).isEqualTo("e");
            } else if (ph.equals("M") && e.get("name").asString().equals("process_name")) {
                processes.add(e.get("pid").asLong());
                assertThat(e.get("args").get("name").asString())
                        .isEqualTo("rank " + e.get("pid").asLong());
            }
        }
        assertThat(complete).isEqualTo(6);
        assertThat(processes).containsExactly(0L, 1L);
        assertThat(flowsStart).containsExactly("0-1-7-0", "0-1-7-1", "0-1-7-2");
        assertThat(flowsEnd).containsExactlyElementsOf(flowsStart);
        assertThat(out.toString()).contains("\"ts\":1.000,\"dur\":0.500");
    }

    @Test
    void stopsAtTheLimitAndSaysSo() throws Exception {
        Path f = write(0, 2000, 1000);
        assertThat(Files.size(f)).isLessThanOrEqualTo(2000);
        assertThat(org.qmpi4j.formats.trace.ShardText.lines(f).stream().filter(l -> l.startsWith("L ")))
                .hasSize(1);
        StringWriter out = new StringWriter();
        ChromeTraceAssembler a = new ChromeTraceAssembler(out, 1, "openmpi");
        byte[] b = Files.readAllBytes(f);
        a.feed(0, b, 0, b.length);
        TraceResult s = a.finish();
        assertThat(s.truncatedRanks()).containsExactly(0);
        assertThat(out.toString()).contains("trace size limit reached").contains("\"truncated_ranks\":[0]");
        JsonNode.parse(out.toString());
    }

    @Test
    void aCutLastLineIsSkippedAndAMissingRankListed() throws Exception {
        byte[] b = Files.readAllBytes(write(0, Long.MAX_VALUE, 3));
        StringWriter out = new StringWriter();
        ChromeTraceAssembler a = new ChromeTraceAssembler(out, 2, "openmpi");
        a.feed(0, b, 0, b.length - 5);
        a.endRank(0);
        TraceResult s = a.finish();
        assertThat(s.calls()).containsEntry(0, 2L);
        assertThat(s.missingRanks()).containsExactly(1);
        assertThat(s.problems()).singleElement().asString().contains("cut short");
        JsonNode.parse(out.toString());
    }

    @Test
    void rejectsFilesThatAreNotTraces() throws Exception {
        ChromeTraceAssembler a = new ChromeTraceAssembler(new StringWriter(), 1, "openmpi");
        byte[] junk = "hello\n".getBytes();
        assertThatThrownBy(() -> a.feed(0, junk, 0, junk.length)).hasMessageContaining("not a qmpi4j trace");
    }

    @Test
    void microsecondsAreExact() {
        assertThat(ChromeTraceAssembler.micros(0)).isEqualTo("0.000");
        assertThat(ChromeTraceAssembler.micros(1)).isEqualTo("0.001");
        assertThat(ChromeTraceAssembler.micros(123456789)).isEqualTo("123456.789");
        assertThat(ChromeTraceAssembler.micros(-1500)).isEqualTo("-1.500");
    }
}
