package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.cli.otf2.Otf2Reading;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.report.trace.PerfettoTraceReader;

/**
 * What the JVM took, on a real Open MPI job made for it ({@code waits.GcPauses}: rank 0 collects
 * over a 64 MB live set before every other barrier, rank 1 sleeps as long before the others), in
 * every place a user takes the run to: the Perfetto trace's JVM track, the OTF2 export (read by
 * OTF2's own readers), the Caliper export, {@code qmpi4j diff} against the same program without
 * collections, and the JDK Flight Recorder recordings, named by rank and holding the same
 * collections. Each is held against the profile's {@code jvm} object, which {@code JvmCausesTest}
 * holds against the JVM's own accounting.
 */
class JvmExportsTest {
    private static final int COLLECTIONS = 5;

    private static JobResult run(Path out, Path rec, int collections, int liveMegabytes) throws Exception {
        Files.createDirectories(rec);
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.SAMPLES + "waits.GcPauses", 2)
                .jvmOption(AgentJob.agentOption("tools=profiler,tracer,jfr;tracer.json-limit=1"))
                .jvmOption("-XX:+UseG1GC")
                .jvmOption("-XX:StartFlightRecording=filename=" + rec + "/")
                .env("QMPI4J_OUTPUT", out.toString())
                .args(Integer.toString(collections), Integer.toString(liveMegabytes), "100"));
        AgentJob.assertOk(result, 2);
        return result;
    }

    /** Copies the folder {@code from} with all it holds to {@code to}. */
    private static void copy(Path from, Path to) throws Exception {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    /** Rank {@code rank}'s {@code jvm} object of the profile. */
    private static JsonNode jvm(Path out, int rank) throws Exception {
        return JobResults.in(out)
                .profile()
                .root
                .get("time")
                .get("per_rank")
                .elements()
                .get(rank)
                .get("jvm");
    }

    private static double fullCollectionSeconds(JsonNode jvm) throws Exception {
        for (JsonNode c : jvm.get("collectors").elements()) {
            if (c.get("name").asString().equals("G1 full collection pauses")) {
                return c.get("pause_s").asDouble();
            }
        }
        throw new AssertionError("no G1 full collections in " + jvm);
    }

    @Test
    void theCollectingRanksPausesAreInEveryExportAndTheRecordingsAreNamedByRank(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        Path rec = tmp.resolve("rec");
        run(out, rec, COLLECTIONS, 64);
        JsonNode collector = jvm(out, 0);
        double gcSeconds = collector.get("gc_pause_s").asDouble();
        double fullSeconds = fullCollectionSeconds(collector);
        assertThat(fullSeconds)
                .as("collections over a 64 MB live set take time")
                .isGreaterThan(0.002 * COLLECTIONS);

        // Perfetto: rank 0's JVM track holds its collections, as much as the profile counts (less what
        // came before the first call), rank 1's next to none.
        PerfettoTraceReader trace = PerfettoTraceReader.read(out.resolve("trace.pftrace"));
        long[] gcNs = new long[2];
        long[] collections = new long[2];
        for (PerfettoTraceReader.Event e : trace.jvm) {
            assertThat(e.track).isEqualTo("JVM");
            if (e.name.equals("JVM: gc")) {
                gcNs[e.rank] += Long.parseLong((String) e.args.get("ns"));
                collections[e.rank] += Long.parseLong((String) e.args.get("collections"));
                assertThat(e.end - e.start).isPositive();
            }
        }
        assertThat(collections[0]).as("rank 0's collections on its JVM track").isGreaterThanOrEqualTo(COLLECTIONS);
        assertThat(gcNs[0] / 1e9)
                .as("rank 0's collections on its JVM track against the profile's %s s", gcSeconds)
                .isBetween(fullSeconds - 0.001 * COLLECTIONS, gcSeconds + 0.001);
        assertThat(gcNs[1]).as("rank 1 slept").isLessThan(gcNs[0] / 5);

        // trace.json, as qmpi4j merge writes it for shards under its JSON limit (a copy of the
        // results): the same JVM slices on each rank's own "JVM" thread, of their own category,
        // and the Iteration counter of the iterations merge found; the calls counted as before.
        Path json = tmp.resolve("json");
        copy(out, json);
        Files.delete(json.resolve("trace.pftrace"));
        BundledTools.Command merged = BundledTools.qmpi4j("merge", "--trace-json-limit", "1g", json.toString());
        assertThat(merged.exitCode).as("%s", merged).isZero();
        JobResults.Trace chrome = JobResults.in(json).trace();
        long[] jsonGcNs = new long[2];
        long[] jsonCollections = new long[2];
        int jsonSlices = 0;
        for (List<JsonNode> slices : chrome.jvm.values()) {
            for (JsonNode e : slices) {
                jsonSlices++;
                assertThat(e.get("tid").asLong()).isEqualTo(org.qmpi4j.report.trace.ChromeTraceAssembler.JVM_TID);
                if (e.get("name").asString().equals("JVM: gc")) {
                    jsonGcNs[e.get("pid").asInt()] += e.get("args").get("ns").asLong();
                    jsonCollections[e.get("pid").asInt()] +=
                            e.get("args").get("collections").asLong();
                }
            }
        }
        assertThat(jsonSlices).as("the JVM slices of trace.pftrace").isEqualTo(trace.jvm.size());
        assertThat(jsonGcNs).as("gc ns per rank, as in trace.pftrace").containsExactly(gcNs);
        assertThat(jsonCollections)
                .as("collections per rank, as in trace.pftrace")
                .containsExactly(collections);
        assertThat(chrome.threads.get(0)).containsEntry(org.qmpi4j.report.trace.ChromeTraceAssembler.JVM_TID, "JVM");
        assertThat(chrome.events).isEqualTo(trace.callsPerRank());
        JsonNode iterations = JobResults.in(json).profile().root.get("iterations");
        assertThat(iterations.get("found").asBoolean()).as("%s", iterations).isTrue();
        long count = iterations.get("count").asLong();
        for (int rank = 0; rank < 2; rank++) {
            assertThat(chrome.counters.get(rank).get("Iteration"))
                    .as("rank %d's Iteration counter", rank)
                    .extracting(e -> e.get("args").get("value").asLong())
                    .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(0, count)
                            .map(i -> i == count ? 0 : i + 1)
                            .boxed()
                            .collect(java.util.stream.Collectors.toList()));
        }

        // OTF2, read by OTF2's Python bindings and otf2-print: rank 0 enters JVM: gc before its barriers.
        Path otf2 = tmp.resolve("otf2");
        BundledTools.Command c = BundledTools.qmpi4j("export", "--format", "otf2", out.toString(), otf2.toString());
        assertThat(c.exitCode).as("%s", c).isZero();
        Otf2Reading read = Otf2Reading.python(otf2.resolve("traces.otf2"));
        assertThat(read.ordered).as("%s", read.problems).isTrue();
        assertThat(read.records(0).getOrDefault("Enter JVM: gc", 0L)).isGreaterThanOrEqualTo(COLLECTIONS);
        assertThat(read.records(0).get("Leave JVM: gc"))
                .isEqualTo(read.records(0).get("Enter JVM: gc"));
        Otf2Reading.Printed printed = Otf2Reading.otf2Print(otf2.resolve("traces.otf2"));
        assertThat(printed.warnings).isEmpty();

        // Caliper: the node JVM: gc under the root JVM holds each rank's seconds of the profile.
        Path cali = tmp.resolve("run.json");
        c = BundledTools.qmpi4j("export", "--format", "caliper-json", out.toString(), cali.toString());
        assertThat(c.exitCode).as("%s", c).isZero();
        JsonNode split = JsonNode.parse(Files.readString(cali));
        List<JsonNode> nodes = split.get("nodes").elements();
        int gcNode = -1;
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).get("label").asString().equals("JVM: gc")) {
                gcNode = i;
                assertThat(nodes.get(nodes.get(i).get("parent").asInt())
                                .get("label")
                                .asString())
                        .isEqualTo("JVM");
            }
        }
        assertThat(gcNode).as("a JVM: gc node").isNotNegative();
        double caliperGc = -1;
        for (JsonNode row : split.get("data").elements()) {
            List<JsonNode> v = row.elements();
            if (v.get(0).asInt() == gcNode && v.get(1).asInt() == 0) {
                caliperGc = v.get(2).asDouble();
            }
        }
        assertThat(caliperGc).isCloseTo(gcSeconds, org.assertj.core.data.Offset.offset(1e-9));

        // diff against the same program without collections nor live set: rank 0's collections and
        // the waiting they caused are gone. (Building the 64 MB live set alone takes young
        // collections, which on a loaded machine once took longer than the five full ones: 2.17 s
        // against 1.03 s, with three builds beside the suite on 2 cores.)
        Path quiet = tmp.resolve("quiet");
        run(quiet, tmp.resolve("rec-quiet"), 0, 0);
        BundledTools.Command diff = BundledTools.qmpi4j("diff", out.toString(), quiet.toString());
        assertThat(diff.exitCode).as("%s", diff).isZero();
        assertThat(diff.stdout).contains("What the JVM did, and the waiting it caused");
        String gcRow = diff.stdout
                .lines()
                .filter(l -> l.trim().startsWith("rank 0: garbage collection"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(diff.stdout));
        assertThat(gcRow).contains("-");
        String caused = diff.stdout
                .lines()
                .filter(l -> l.trim().startsWith("waiting per rank caused by garbage collection"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(diff.stdout));
        assertThat(caused).contains("-");

        // JFR: one recording per rank, named by it; rank 0's holds its System.gc() collections, with
        // the pause time the profile counts for them.
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(rec)) {
            s.filter(p -> p.toString().endsWith(".jfr")).sorted().forEach(files::add);
        }
        assertThat(files)
                .extracting(p -> p.getFileName().toString().replaceAll("-hotspot-pid-.*", ""))
                .containsExactly("rank-0", "rank-1");
        long explicit = 0;
        Duration pauses = Duration.ZERO;
        for (RecordedEvent e : RecordingFile.readAllEvents(files.get(0))) {
            if (e.getEventType().getName().equals("jdk.GarbageCollection")
                    && "System.gc()".equals(e.getString("cause"))) {
                explicit++;
                pauses = pauses.plus(e.getDuration("sumOfPauses"));
            }
        }
        assertThat(explicit).isEqualTo(COLLECTIONS);
        assertThat(pauses.toNanos() / 1e9)
                .as("JFR's System.gc() pauses against the profile's full collections")
                .isCloseTo(fullSeconds, org.assertj.core.data.Offset.offset(0.001 * COLLECTIONS + 0.002));
    }
}
