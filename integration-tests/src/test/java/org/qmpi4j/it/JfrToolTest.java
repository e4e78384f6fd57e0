package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * The bundled {@code jfr} tool under {@code -XX:StartFlightRecording}: each rank's recording,
 * read back with {@link RecordingFile}, holds one {@code qmpi4j.MpiCall} per MPI call the sample
 * counted itself, a {@code qmpi4j.Pcontrol} per level change, and a {@code qmpi4j.ToolFault} per
 * fault of another tool, with its name and function.
 */
class JfrToolTest {
    /** JDK 17 does not expand %p in file names; a directory gets one file per JVM (named by pid). */
    private static MpiJob.Builder recorded(MpiJob.Builder job, Path recordings) {
        return job.jvmOption("-XX:StartFlightRecording=filename=" + recordings + "/");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Ring", "Collectives", "Stencil"})
    void oneEventPerCall(String sample, @TempDir Path tmp) throws Exception {
        Path recordings = Files.createDirectories(tmp.resolve("jfr"));
        JobResult result = AgentJob.run(
                recorded(BundledTools.job(AgentJob.SAMPLES + sample, 2, "jfr", tmp.resolve("out")), recordings));
        SampleOutput own = AgentJob.assertOk(result, 2);
        List<List<RecordedEvent>> ranks = recordingsOf(recordings, 2);
        List<String> recorded = new ArrayList<>();
        for (List<RecordedEvent> events : ranks) {
            recorded.add(countBy(events, "qmpi4j.MpiCall", "function").toString());
        }
        List<String> expected = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            expected.add(new TreeMap<>(own.rankReport(r).calls).toString());
        }
        // Files are named by process id, not rank: compare the ranks' counts as a set.
        assertThat(recorded).as(result.describe()).containsExactlyInAnyOrderElementsOf(expected);
        for (List<RecordedEvent> events : ranks) {
            for (RecordedEvent e : events) {
                if (!e.getEventType().getName().equals("qmpi4j.MpiCall")) {
                    continue;
                }
                assertThat(e.getString("callSite")).contains(".java:");
                assertThat(e.getStackTrace()).isNull();
                String f = e.getString("function");
                if (f.equals("MPI_SEND") || f.equals("MPI_RECV") || f.equals("MPI_SENDRECV")) {
                    assertThat(e.getInt("peer")).as("peer of %s", f).isBetween(-1, 1);
                    assertThat(e.getInt("communicatorSize")).isEqualTo(2);
                    assertThat(e.getLong("bytes")).isPositive();
                }
            }
        }
    }

    @Test
    void pcontrolLevelChanges(@TempDir Path tmp) throws Exception {
        Path recordings = Files.createDirectories(tmp.resolve("jfr"));
        JobResult result = AgentJob.run(recorded(
                BundledTools.job(AgentJob.FEATURES + "PcontrolLevels", 2, "jfr", tmp.resolve("out")), recordings));
        AgentJob.assertOk(result, 2);
        for (List<RecordedEvent> events : recordingsOf(recordings, 2)) {
            assertThat(countBy(events, "qmpi4j.MpiCall", "function"))
                    .isEqualTo(Map.of(
                            "MPI_INIT", 1L,
                            "MPI_COMM_RANK", 1L,
                            "MPI_PCONTROL", 5L,
                            "MPI_BARRIER", 4L, // not the 3 between pControl(0) and pControl(1)
                            "MPI_FINALIZE", 1L));
            List<String> changes = events.stream()
                    .filter(e -> e.getEventType().getName().equals("qmpi4j.Pcontrol"))
                    .sorted((a, b) -> a.getStartTime().compareTo(b.getStartTime()))
                    .map(e -> e.getInt("previous") + "->" + e.getInt("level"))
                    .collect(Collectors.toList());
            assertThat(changes).containsExactly("1->2", "2->3", "3->4", "4->0", "0->1");
        }
    }

    @Test
    void faultsOfAnotherToolAreEventsWithItsNameAndFunction(@TempDir Path tmp) throws Exception {
        Path recordings = Files.createDirectories(tmp.resolve("jfr"));
        JobResult result =
                AgentJob.run(recorded(AgentJob.withTools(AgentJob.SAMPLES + "Ring", 2, "jfr,faulty"), recordings));
        SampleOutput own = AgentJob.assertOk(result, 2);
        List<String> recorded = new ArrayList<>();
        for (List<RecordedEvent> events : recordingsOf(recordings, 2)) {
            Map<String, Long> faults = new TreeMap<>();
            for (RecordedEvent e : events) {
                if (e.getEventType().getName().equals("qmpi4j.ToolFault")) {
                    assertThat(e.getString("tool")).isEqualTo("faulty");
                    faults.merge(e.getString("where"), 1L, Long::sum);
                }
            }
            recorded.add(faults.toString());
        }
        List<String> expected = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            Map<String, Long> faults = new TreeMap<>();
            own.rankReport(r).calls.forEach((f, n) -> {
                if (f.equals("MPI_SEND") || f.equals("MPI_RECV") || f.equals("MPI_BARRIER")) {
                    faults.put(f + " handler", n); // FaultyTool fails in each call of these
                }
            });
            expected.add(faults.toString());
        }
        assertThat(recorded).as(result.describe()).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** Each rank's events, one list per recording file; there must be {@code ranks} files. */
    private static List<List<RecordedEvent>> recordingsOf(Path dir, int ranks) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".jfr")).sorted().collect(Collectors.toList());
        }
        assertThat(files).as("recordings in %s", dir).hasSize(ranks);
        List<List<RecordedEvent>> all = new ArrayList<>();
        for (Path f : files) {
            all.add(RecordingFile.readAllEvents(f));
        }
        return all;
    }

    private static Map<String, Long> countBy(List<RecordedEvent> events, String type, String field) {
        Map<String, Long> counts = new TreeMap<>();
        for (RecordedEvent e : events) {
            if (e.getEventType().getName().equals(type)) {
                counts.merge(e.getString(field), 1L, Long::sum);
            }
        }
        return counts;
    }
}
