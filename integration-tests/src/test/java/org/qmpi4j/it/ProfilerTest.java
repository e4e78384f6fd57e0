package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * The bundled {@code profiler} and {@code tracer} on real {@code mpirun} jobs of the samples, with
 * the sample tool {@code counter} in the same chain as a second witness: per rank, per function
 * and per call site the profile's calls and bytes equal what the sample counted itself; the
 * matrix equals the bytes and messages it sent; the trace has one track per rank and every call
 * the profile counted; the HTML matrix renders in headless Chromium with N×N cells; and
 * {@code qmpi4j merge} rebuilds the same profile and trace from the per-rank files alone.
 */
class ProfilerTest {
    /** How the Open MPI binding's method for each function appears in the samples' source. */
    private static final Map<String, String> SOURCE_FORM = Map.ofEntries(
            Map.entry("MPI_INIT", "MPI.Init("),
            Map.entry("MPI_COMM_RANK", ".getRank()"),
            Map.entry("MPI_COMM_SIZE", ".getSize()"),
            Map.entry("MPI_FINALIZE", "MPI.Finalize()"),
            Map.entry("MPI_WTIME", "MPI.wtime()"),
            Map.entry("MPI_SEND", ".send("),
            Map.entry("MPI_RECV", ".recv("),
            Map.entry("MPI_ISEND", ".iSend("),
            Map.entry("MPI_IRECV", ".iRecv("),
            Map.entry("MPI_WAITALL", ".waitAll("),
            Map.entry("MPI_ALLREDUCE", ".allReduce("),
            Map.entry("MPI_BARRIER", ".barrier()"),
            Map.entry("MPI_BCAST", ".bcast("),
            Map.entry("MPI_REDUCE", ".reduce("),
            Map.entry("MPI_GATHER", ".gather("),
            Map.entry("MPI_SCATTER", ".scatter("),
            Map.entry("MPI_ALLTOALL", ".allToAll("));

    private static final List<String> SENDS = List.of("MPI_SEND", "MPI_ISEND");
    private static final Pattern RESULTS_LINE = Pattern.compile("qmpi4j: results in (\\S+) \\((.*)\\)");

    @ParameterizedTest(name = "{0} with {1} ranks")
    @CsvSource({"Ring, 2", "PingPong, 2", "Stencil, 4", "Collectives, 4"})
    void profileMatrixAndTraceMatchWhatTheSampleCounted(String sample, int ranks, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        MpiJob.Builder job = AgentJob.plain(AgentJob.SAMPLES + sample, ranks)
                .jvmOption(AgentJob.agentOption("tools=counter,profiler,tracer"))
                .env("QMPI4J_OUTPUT", out.toString());
        if (sample.equals("PingPong")) {
            job.args("--iterations", "20", "--sizes", "0,1,1024,70000");
        } else if (sample.equals("Stencil")) {
            job.args("32", "20");
        }
        JobResult result = AgentJob.run(job);
        SampleOutput own = AgentJob.assertOk(result, ranks);

        // One line, from rank 0, says where the results are.
        List<String> lines = AgentJob.rankStderr(result, 0).stream()
                .filter(l -> l.startsWith("qmpi4j: results in"))
                .collect(Collectors.toList());
        assertThat(lines).as(result.describe()).hasSize(1);
        Matcher m = RESULTS_LINE.matcher(lines.get(0));
        assertThat(m.matches()).isTrue();
        assertThat(Path.of(m.group(1))).isEqualTo(out);
        assertThat(m.group(2)).isEqualTo("report.txt, report.html, profile.json, matrix.html, matrix.svg, trace.json");
        for (int r = 1; r < ranks; r++) {
            assertThat(AgentJob.rankStderr(result, r)).noneMatch(l -> l.startsWith("qmpi4j: results"));
        }

        JobResults.Profile p = JobResults.in(out).profile();
        assertThat(p.ranks).isEqualTo(ranks);
        assertThat(p.root.get("binding").asString()).isEqualTo("openmpi");
        assertThat(p.root.get("complete").asBoolean()).isTrue();
        assertThat(p.calls).as("calls over all ranks").isEqualTo(own.totalCalls());

        List<AgentJob.Site> counterSites = AgentJob.counterSites(result);
        List<String> source = Files.readAllLines(AgentJob.repoRoot()
                .resolve("samples/openmpi/src/main/java/org/qmpi4j/samples/openmpi/" + sample + ".java"));
        for (int r = 0; r < ranks; r++) {
            SampleOutput.RankReport mine = own.rankReport(r);
            assertThat(p.callsPerRank.get(r))
                    .as("calls per function on rank %d", r)
                    .isEqualTo(mine.calls);
            long sentBytes = mine.sentTo.values().stream().mapToLong(v -> v[1]).sum();
            long sentMessages =
                    mine.sentTo.values().stream().mapToLong(v -> v[0]).sum();
            int rank = r;
            assertThat(SENDS.stream()
                            .mapToLong(f -> p.bytesPerRank.get(rank).getOrDefault(f, 0L))
                            .sum())
                    .as("bytes of sends on rank %d", r)
                    .isEqualTo(sentBytes);

            // Matrix row r: exactly what the sample sent to each peer.
            for (int peer = 0; peer < ranks; peer++) {
                long[] expected = mine.sentTo.getOrDefault(peer, new long[2]);
                assertThat(p.matrixMessages[r][peer])
                        .as("messages %d -> %d", r, peer)
                        .isEqualTo(expected[0]);
                assertThat(p.matrixBytes[r][peer]).as("bytes %d -> %d", r, peer).isEqualTo(expected[1]);
            }
            assertThat(java.util.Arrays.stream(p.matrixBytes[r]).sum())
                    .as("row %d", r)
                    .isEqualTo(sentBytes);
            assertThat(java.util.Arrays.stream(p.matrixMessages[r]).sum())
                    .as("row %d", r)
                    .isEqualTo(sentMessages);

            // Call sites: in the sample's own source, at a line that makes that call, adding up to
            // the sample's counts, and each equal to the counter tool's count of the same site.
            Map<String, Long> perFunction = new TreeMap<>();
            Map<String, Long> sendBytesBySite = new TreeMap<>();
            for (JobResults.Site s : p.sites) {
                Long n = s.callsPerRank.get(r);
                if (n == null) {
                    continue;
                }
                assertThat(s.className).isEqualTo(AgentJob.SAMPLES + sample);
                assertThat(s.file).isEqualTo(sample + ".java");
                assertThat(s.line).isPositive();
                assertThat(source.get(s.line - 1)).as("source line of %s", s).contains(SOURCE_FORM.get(s.function));
                perFunction.merge(s.function, n, Long::sum);
                if (SENDS.contains(s.function)) {
                    sendBytesBySite.merge(s.function, s.bytesPerRank.get(r), Long::sum);
                }
                List<AgentJob.Site> witness = counterSites.stream()
                        .filter(c -> c.rank == rank && c.function.equals(s.function) && c.line == s.line)
                        .collect(Collectors.toList());
                assertThat(witness).as("counter's count of %s on rank %d", s, r).hasSize(1);
                assertThat(n).as("calls of %s on rank %d", s, r).isEqualTo(witness.get(0).calls);
            }
            assertThat(perFunction)
                    .as("site calls summed per function on rank %d", r)
                    .isEqualTo(mine.calls);
            assertThat(sendBytesBySite.values().stream()
                            .mapToLong(Long::longValue)
                            .sum())
                    .isEqualTo(sentBytes);
        }

        // The trace: parses, one track per rank, every call the profile counted, arrows paired.
        JobResults.Trace t = JobResults.in(out).trace();
        Map<Integer, String> tracks = new TreeMap<>();
        for (int r = 0; r < ranks; r++) {
            tracks.put(r, "rank " + r);
        }
        assertThat(t.processes).isEqualTo(tracks);
        assertThat(t.events).as("trace events per rank and function").isEqualTo(p.callsPerRank);
        assertThat(t.truncatedRanks).isEmpty();
        List<String> starts = new ArrayList<>(t.flowStarts);
        List<String> ends = new ArrayList<>(t.flowEnds);
        starts.sort(null);
        ends.sort(null);
        assertThat(starts).as("every arrow has both ends").isEqualTo(ends);
        assertThat((long) starts.size())
                .as("one arrow per message")
                .isEqualTo(own.ranks().values().stream()
                        .flatMap(rr -> rr.sentTo.values().stream())
                        .mapToLong(v -> v[0])
                        .sum());

        // The matrix page renders with N×N cells, and its script ran (in the browser for the
        // 4-rank jobs: a browser start costs more than the rest of a check).
        if (ranks == 4) {
            String dom = BundledTools.renderedDom(out.resolve("matrix.html"));
            assertThat(count(dom, "<td class=\"cell")).isEqualTo(ranks * ranks);
            assertThat(dom).contains("data-cells=\"" + ranks * ranks + "\"");
        }
        assertThat(count(Files.readString(out.resolve("matrix.html")), "<td class=\"cell"))
                .isEqualTo(ranks * ranks);
        assertThat(count(Files.readString(out.resolve("matrix.svg")), "<rect class=\"cell\""))
                .isEqualTo(ranks * ranks);
        assertThat(Files.readString(out.resolve("report.txt")))
                .startsWith("qmpi4j profile")
                .contains("== Call sites");

        // merge rebuilds the same profile and trace from the per-rank files alone.
        Path copy = tmp.resolve("copy");
        copyTree(out.resolve("ranks"), copy.resolve("ranks"));
        BundledTools.Command merge = BundledTools.qmpi4j("merge", copy.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        assertThat(withoutCreated(Files.readString(copy.resolve("profile.json"))))
                .isEqualTo(withoutCreated(Files.readString(out.resolve("profile.json"))));
        assertThat(Files.readString(copy.resolve("trace.json"))).isEqualTo(Files.readString(out.resolve("trace.json")));
    }

    static int count(String text, String what) {
        int n = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
            n++;
        }
        return n;
    }

    static String withoutCreated(String json) {
        return json.replaceAll("\"created\": \"[^\"]*\"", "\"created\": \"-\"");
    }

    static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
    }
}
