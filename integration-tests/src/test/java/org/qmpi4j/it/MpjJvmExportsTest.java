package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.qmpi4j.cli.otf2.Otf2Reading;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.MpjAgentJob.Mode;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.report.trace.PerfettoTraceReader;

/**
 * {@code JvmExportsTest} under MPJ Express, in both modes, on the MPJ version of
 * {@code waits.GcPauses} (3 ranks: rank 0 calls {@code System.gc()} {@value #COLLECTIONS} times
 * over a 64 MB live set, rank 1 sleeps as long between): the Perfetto trace's JVM tracks, the OTF2
 * export's {@code JVM: gc} regions (read by OTF2's own readers) and the {@code jfr} tool's
 * recordings. Rank 0's location in OTF2 enters {@code JVM: gc} before its barriers once per
 * collection (OTF2 carries only what the JVM took before a call). In niodev mode each rank has its
 * JVM: rank 0's track holds its collections, with the pause time of its profile, the others next
 * to none, and there is one
 * recording per rank, {@code rank-0-...}, {@code rank-1-...}, {@code rank-2-...}, rank 0's with the
 * collections. In multicore mode the ranks are threads of one JVM, which every collection stops
 * whole: each rank's Perfetto track holds all of them, each with the profile's pause time, and
 * the JVM writes one recording, named after all its ranks ({@code ranks-0-2-...}), which holds them.
 */
class MpjJvmExportsTest {
    private static final int COLLECTIONS = 5;
    private static final int RANKS = 3;

    @ParameterizedTest
    @EnumSource(Mode.class)
    void theJvmsPausesAreOnTheRanksTheyStoppedAndTheRecordingsAreNamedByRank(Mode mode, @TempDir Path tmp)
            throws Exception {
        Path out = tmp.resolve("results");
        Path rec = Files.createDirectories(tmp.resolve("rec"));
        JobResult result = MpjAgentJob.run(
                mode,
                MpjAgentJob.withTools("waits.GcPauses", RANKS, "profiler,tracer,jfr;tracer.json-limit=1")
                        .jvmOption("-XX:+UseG1GC")
                        .jvmOption("-XX:StartFlightRecording=filename=" + rec + "/")
                        .env("QMPI4J_OUTPUT", out.toString())
                        .args(Integer.toString(COLLECTIONS), "64", "100"));
        MpjAgentJob.assertOk(result, RANKS, mode);
        boolean oneJvm = mode == Mode.MULTICORE;

        // The profile: each rank's JVM's collections (JvmCausesTest and MpjJvmCausesTest hold these
        // against the JVM's beans).
        List<JsonNode> perRank =
                JobResults.in(out).profile().root.get("time").get("per_rank").elements();
        double[] gcSeconds = new double[RANKS];
        double fullSeconds = -1;
        for (int r = 0; r < RANKS; r++) {
            JsonNode jvm = perRank.get(r).get("jvm");
            gcSeconds[r] = jvm.get("gc_pause_s").asDouble();
            for (JsonNode c : jvm.get("collectors").elements()) {
                if (r == 0 && c.get("name").asString().equals("G1 full collection pauses")) {
                    fullSeconds = c.get("pause_s").asDouble();
                }
            }
        }
        assertThat(fullSeconds)
                .as("collections over a 64 MB live set take time: %s", result.describe())
                .isGreaterThan(0.002 * COLLECTIONS);
        String seen = mode + ": profile gc seconds per rank " + java.util.Arrays.toString(gcSeconds)
                + ", rank 0's full collections " + fullSeconds + " s";

        // Perfetto: the JVM track of each rank the collections stopped holds them, as much as the
        // profile counts (less what came before the first call); in niodev the others next to none.
        PerfettoTraceReader trace = PerfettoTraceReader.read(out.resolve("trace.pftrace"));
        long[] gcNs = new long[RANKS];
        long[] collections = new long[RANKS];
        for (PerfettoTraceReader.Event e : trace.jvm) {
            assertThat(e.track).isEqualTo("JVM");
            if (e.name.equals("JVM: gc")) {
                gcNs[e.rank] += Long.parseLong((String) e.args.get("ns"));
                collections[e.rank] += Long.parseLong((String) e.args.get("collections"));
                assertThat(e.end - e.start).isPositive();
            }
        }
        seen += ", on the JVM tracks " + java.util.Arrays.toString(gcNs) + " ns in "
                + java.util.Arrays.toString(collections) + " collections";
        for (int r = 0; r < RANKS; r++) {
            if (r == 0 || oneJvm) {
                assertThat(collections[r])
                        .as("rank %d's collections on its JVM track: %s", r, seen)
                        .isGreaterThanOrEqualTo(COLLECTIONS);
                assertThat(gcNs[r] / 1e9)
                        .as("rank %d's pauses on its JVM track against the profile: %s", r, seen)
                        .isBetween(fullSeconds - 0.001 * COLLECTIONS, gcSeconds[r] + 0.001);
            } else {
                assertThat(gcNs[r])
                        .as("rank %d's JVM did not collect: %s", r, seen)
                        .isLessThan(gcNs[0] / 5);
            }
        }

        // OTF2, read by OTF2's Python bindings and otf2-print: rank 0 enters JVM: gc before its barriers,
        // once per collection at least. The export carries what the JVM took before a call, not inside
        // one (a region inside an MPI region is not what OTF2's MPI readers expect): in one JVM the
        // other ranks were mostly inside their barriers when rank 0's collections stopped them, which
        // the Perfetto tracks above show and OTF2 leaves out.
        Path otf2 = tmp.resolve("otf2");
        BundledTools.Command c = BundledTools.qmpi4j("export", "--format", "otf2", out.toString(), otf2.toString());
        assertThat(c.exitCode).as("%s", c).isZero();
        Otf2Reading read = Otf2Reading.python(otf2.resolve("traces.otf2"));
        assertThat(read.ordered).as("%s", read.problems).isTrue();
        for (int r = 0; r < RANKS; r++) {
            long enters = read.records(r).getOrDefault("Enter JVM: gc", 0L);
            assertThat(read.records(r).getOrDefault("Leave JVM: gc", 0L)).isEqualTo(enters);
        }
        assertThat(read.records(0).getOrDefault("Enter JVM: gc", 0L))
                .as("rank 0's JVM: gc regions: %s", read.records(0))
                .isGreaterThanOrEqualTo(COLLECTIONS);
        Otf2Reading.Printed printed = Otf2Reading.otf2Print(otf2.resolve("traces.otf2"));
        assertThat(printed.warnings).isEmpty();

        // JFR: a recording per JVM, named after its ranks; the one of rank 0's JVM holds its
        // System.gc() collections with the pause time the profile counts for them.
        List<Path> files;
        try (Stream<Path> s = Files.list(rec)) {
            files = s.filter(p -> p.toString().endsWith(".jfr")).sorted().collect(Collectors.toList());
        }
        List<String> names = new ArrayList<>();
        for (Path f : files) {
            names.add(f.getFileName().toString().replaceAll("-hotspot-pid-.*", ""));
        }
        if (oneJvm) {
            assertThat(names).as("%s in %s", files, rec).containsExactly("ranks-0-2");
        } else {
            assertThat(names).as("%s in %s", files, rec).containsExactly("rank-0", "rank-1", "rank-2");
        }
        for (int i = 0; i < files.size(); i++) {
            long explicit = 0;
            Duration pauses = Duration.ZERO;
            for (RecordedEvent e : RecordingFile.readAllEvents(files.get(i))) {
                if (e.getEventType().getName().equals("jdk.GarbageCollection")
                        && "System.gc()".equals(e.getString("cause"))) {
                    explicit++;
                    pauses = pauses.plus(e.getDuration("sumOfPauses"));
                }
            }
            if (i == 0) {
                assertThat(explicit).as("System.gc() in %s", files.get(i)).isEqualTo(COLLECTIONS);
                assertThat(pauses.toNanos() / 1e9)
                        .as("JFR's System.gc() pauses against the profile's full collections: %s", seen)
                        .isCloseTo(fullSeconds, Offset.offset(0.001 * COLLECTIONS + 0.002));
            } else {
                assertThat(explicit).as("System.gc() in %s", files.get(i)).isZero();
            }
        }
    }
}
