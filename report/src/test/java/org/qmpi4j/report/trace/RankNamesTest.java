package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * Track names from the hosts the shards' headers name: {@code rank 1 (n2)} in both formats when
 * the ranks ran on several hosts, {@code rank 1} on one host and for shards that name none.
 */
class RankNamesTest {
    @TempDir
    Path dir;

    private void shards(String... hosts) throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        for (int r = 0; r < hosts.length; r++) {
            try (TraceFileWriter w = new TraceFileWriter(
                    ResultFiles.rankTrace(dir, r), r, hosts.length, "openmpi", hosts[r], Long.MAX_VALUE, 1024)) {
                w.defineFunction(0, "MPI_BARRIER");
                w.defineThread(1, "main");
                w.event(
                        0,
                        1,
                        1000,
                        500,
                        TraceFormat.NONE,
                        TraceFormat.NONE,
                        TraceFormat.NONE,
                        TraceFormat.NONE,
                        TraceFormat.NONE,
                        TraceFormat.NONE,
                        TraceFormat.NONE);
            }
        }
    }

    private Map<Integer, String> json() throws Exception {
        Path out = dir.resolve("t.json");
        TraceBuilder.build(dir, 3, "openmpi", TraceSelection.all(), TraceBuilder.Format.JSON, out);
        Map<Integer, String> names = new TreeMap<>();
        for (JsonNode e :
                JsonNode.parse(Files.readString(out)).get("traceEvents").elements()) {
            if (e.get("ph").asString().equals("M") && e.get("name").asString().equals("process_name")) {
                names.put(e.get("pid").asInt(), e.get("args").get("name").asString());
            }
        }
        return names;
    }

    private Map<Integer, String> perfetto() throws Exception {
        Path out = dir.resolve("t.pftrace");
        TraceBuilder.build(dir, 3, "openmpi", TraceSelection.all(), TraceBuilder.Format.PERFETTO, out);
        return PerfettoTraceReader.read(out).processes;
    }

    @Test
    void severalHostsNameEachTrackAfterItsHost() throws Exception {
        shards("n1", "n1", "n2 x");
        Map<Integer, String> expected = Map.of(0, "rank 0 (n1)", 1, "rank 1 (n1)", 2, "rank 2 (n2?x)");
        assertThat(json()).isEqualTo(expected);
        assertThat(perfetto()).isEqualTo(expected);
        assertThat(ShardSummary.scan(ResultFiles.rankTrace(dir, 2), 2).host()).isEqualTo("n2?x");
    }

    @Test
    void oneHostOrNoneKeepsTheShortNames() throws Exception {
        shards("n1", "n1", "n1");
        Map<Integer, String> expected = Map.of(0, "rank 0", 1, "rank 1", 2, "rank 2");
        assertThat(json()).isEqualTo(expected);
        assertThat(perfetto()).isEqualTo(expected);
        shards("", "", "");
        assertThat(org.qmpi4j.formats.trace.ShardText.lines(ResultFiles.rankTrace(dir, 0))
                        .get(0))
                .isEqualTo("qmpi4j-trace 6 0 3 openmpi");
        assertThat(json()).isEqualTo(expected);
    }
}
