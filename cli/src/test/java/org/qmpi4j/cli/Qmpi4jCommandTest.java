package org.qmpi4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.RankProfileFormat;
import org.qmpi4j.formats.profile.SiteKey;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;

class Qmpi4jCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Qmpi4jCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private static RankProfile rank(int r, int size, RankProfile.State state) {
        CallStats sends = new CallStats().add(2000, 8, true).add(4000, 8, true);
        return RankProfile.builder(r, size, "openmpi")
                .state(state)
                .appNs(1_000_000)
                .function("MPI_SEND", "POINT_TO_POINT", sends)
                .site(new SiteKey("MPI_SEND", "org.example.App", "main", "App.java", 10), sends)
                .sent((r + 1) % size, 2, 16)
                .build();
    }

    private void writeRank(int r, int size, RankProfile.State state) throws Exception {
        AtomicFiles.write(ResultFiles.rankProfile(dir, r), RankProfileFormat.write(rank(r, size, state)));
    }

    private void writeTrace(int r, int size) throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        try (TraceFileWriter w =
                new TraceFileWriter(ResultFiles.rankTrace(dir, r), r, size, "openmpi", Long.MAX_VALUE, 4096)) {
            w.defineFunction(18, "MPI_SEND");
            w.defineThread(1, "main");
            w.event(18, 1, 1000, 2000, (r + 1) % size, 0, 8, 0, TraceFormat.NONE, TraceFormat.NONE, TraceFormat.NONE);
        }
    }

    @Test
    void mergeRebuildsTheProfileAndTraceOfACrashedJob() throws Exception {
        writeRank(0, 3, RankProfile.State.EXITED);
        writeRank(1, 3, RankProfile.State.EXITED);
        writeTrace(0, 3);
        writeTrace(1, 3);
        assertThat(run("merge", dir.toString())).as(err.toString()).isZero();
        assertThat(err.toString())
                .contains(
                        "profile of 2 of 3 ranks (no data from rank(s) [2])",
                        "trace of 2 of 3 ranks, 2 calls",
                        "no trace from rank(s) [2]",
                        "results in " + dir.toAbsolutePath().normalize());
        JsonNode profile = JsonNode.parse(Files.readString(dir.resolve("profile.json")));
        assertThat(profile.get("ranks").asLong()).isEqualTo(3);
        assertThat(profile.get("complete").asBoolean()).isFalse();
        assertThat(profile.get("functions").elements().get(0).get("calls").asLong())
                .isEqualTo(4);
        assertThat(profile.get("matrix").get("bytes").elements().get(1).asLongArray())
                .containsExactly(0, 0, 16);
        for (String f : new String[] {"report.txt", "report.html", "matrix.html", "matrix.svg", "trace.json"}) {
            assertThat(dir.resolve(f)).isRegularFile();
        }
        JsonNode trace = JsonNode.parse(Files.readString(dir.resolve("trace.json")));
        assertThat(trace.get("otherData").get("missing_ranks").asLongArray()).containsExactly(2);
    }

    /**
     * Two ranks whose shards hold a set-up broadcast (1 ms, 0.1 ms long) and 10 iterations of 5 ms
     * of work ending in an allreduce of 0.05 ms at its own call site.
     */
    private void writeLoop(int r) throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        try (TraceFileWriter w =
                new TraceFileWriter(ResultFiles.rankTrace(dir, r), r, 2, "openmpi", Long.MAX_VALUE, 4096)) {
            w.defineFunction(0, "MPI_BCAST");
            w.defineFunction(1, "MPI_ALLREDUCE");
            w.defineThread(1, "main");
            w.defineSite(0, "org.example.Solver", "main", "Solver.java", 12);
            w.defineSite(1, "org.example.Solver", "main", "Solver.java", 20);
            w.clock(0, 0, 0);
            w.zero(0);
            long n = TraceFormat.NONE;
            w.event(0, 1, 1_000_000, 100_000, n, n, 8, n, n, n, n, 0, n, n, n, n, n, n, new long[0], 0, null);
            long t = 1_100_000;
            for (int i = 1; i <= 10; i++) {
                t += 5_000_000;
                w.event(1, 1, t, 50_000, n, n, 8, n, n, n, n, 1, n, n, n, n, n, n, new long[0], 0, null);
                t += 50_000;
            }
            w.clock(t, 0, 0);
        }
    }

    @Test
    void mergeAddsEachRanksIterationCounterToTraceJson() throws Exception {
        for (int r = 0; r < 2; r++) {
            writeRank(r, 2, RankProfile.State.FINALIZED);
            writeLoop(r);
        }
        assertThat(run("merge", dir.toString())).as(err.toString()).isZero();
        assertThat(err.toString()).contains("iterations: 10, each ending at");
        JsonNode trace = JsonNode.parse(Files.readString(dir.resolve("trace.json")));
        java.util.Map<Long, java.util.List<long[]>> counters = new java.util.TreeMap<>();
        int calls = 0;
        for (JsonNode e : trace.get("traceEvents").elements()) {
            String ph = e.get("ph").asString();
            if (ph.equals("C")) {
                assertThat(e.get("name").asString()).isEqualTo("Iteration");
                counters.computeIfAbsent(e.get("pid").asLong(), k -> new java.util.ArrayList<>())
                        .add(new long[] {
                            Math.round(e.get("ts").asDouble() * 1000),
                            e.get("args").get("value").asLong()
                        });
            } else if (ph.equals("X") && e.get("cat").asString().equals("mpi")) {
                calls++;
            }
        }
        assertThat(calls).isEqualTo(2 * 11);
        assertThat(counters).containsOnlyKeys(0L, 1L);
        for (java.util.List<long[]> points : counters.values()) {
            assertThat(points).extracting(p -> p[1]).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 0L);
            for (int i = 1; i < points.size(); i++) {
                assertThat(points.get(i)[0] - points.get(i - 1)[0])
                        .as("iteration %d: 5 ms of work and the allreduce", i)
                        .isEqualTo(5_050_000L);
            }
        }
    }

    @Test
    void reportRendersAgainFromProfileJson() throws Exception {
        writeRank(0, 2, RankProfile.State.FINALIZED);
        writeRank(1, 2, RankProfile.State.FINALIZED);
        assertThat(run("merge", dir.toString())).isZero();
        Files.delete(dir.resolve("report.txt"));
        Files.delete(dir.resolve("matrix.html"));
        Files.delete(dir.resolve("report.html"));
        assertThat(run("report", dir.toString())).as(err.toString()).isZero();
        assertThat(out.toString())
                .startsWith("qmpi4j profile")
                .contains("MPI_SEND", "org.example.App.main(App.java:10)");
        assertThat(dir.resolve("report.txt")).isRegularFile();
        assertThat(dir.resolve("matrix.html")).isRegularFile();
        assertThat(Files.readString(dir.resolve("report.html"))).contains("MPI_SEND", "id=\"rank-chart\"");
    }

    @Test
    void missingOrWrongDirectoriesAreOneLineErrorsWithExitCode2() throws Exception {
        assertThat(run("report", dir.resolve("nope").toString())).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("qmpi4j: " + dir.resolve("nope") + ": no such directory" + System.lineSeparator());
        Files.writeString(dir.resolve("file"), "x");
        assertThat(run("merge", dir.resolve("file").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("not a directory");
        assertThat(run("merge", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("no ranks/ directory");
        assertThat(run("report", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("no profile.json and no per-rank files");
        Files.createDirectories(ResultFiles.ranksDir(dir));
        assertThat(run("merge", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("no readable per-rank files");
        assertThat(run("report", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("run 'qmpi4j merge");
        assertThat(run()).isEqualTo(2);
    }

    @Test
    void mergeRebuildsTheCheckFindingsFromTheRanksFilesBesideTheProfile() throws Exception {
        writeRank(0, 2, RankProfile.State.FINALIZED);
        writeRank(1, 2, RankProfile.State.EXITED);
        org.qmpi4j.formats.check.Finding leak = new org.qmpi4j.formats.check.Finding(
                "request_leak",
                org.qmpi4j.formats.check.Finding.Severity.ERROR,
                "never completed",
                java.util.List.of(new org.qmpi4j.formats.check.FindingSite(1, "MPI_ISEND", "a.B", "main", "B.java", 9)),
                1);
        Files.writeString(
                ResultFiles.rankCheck(dir, 0),
                org.qmpi4j.formats.check.CheckFormat.write(java.util.List.of(), java.util.List.of(0), true));
        Files.writeString(
                ResultFiles.rankCheck(dir, 1),
                org.qmpi4j.formats.check.CheckFormat.write(java.util.List.of(leak), java.util.List.of(1), false));
        assertThat(run("merge", dir.toString())).isZero();
        assertThat(err.toString())
                .contains("1 finding(s) of check from 2 rank(s)")
                .contains("check.json, check.txt");
        org.qmpi4j.formats.check.CheckFormat.Findings merged =
                org.qmpi4j.formats.check.CheckFormat.read(Files.readString(dir.resolve(ResultFiles.CHECK_JSON)));
        assertThat(merged.findings)
                .extracting(org.qmpi4j.formats.check.Finding::line)
                .containsExactly(leak.line());
        assertThat(merged.complete).isTrue();
        // The profile's page, written in the same merge, has the findings' section.
        assertThat(Files.readString(dir.resolve(ResultFiles.REPORT_HTML)))
                .contains("<section id=\"check\">")
                .contains("request_leak");
    }

    @Test
    void corruptFilesAreNamed() throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        Files.writeString(
                ResultFiles.rankProfile(dir, 0), "{\"format\": \"qmpi4j-rank-profile\", \"version\": 1, \"rank\": ");
        assertThat(run("merge", dir.toString())).isEqualTo(2);
        assertThat(err.toString())
                .contains("no readable per-rank files")
                .contains("rank-0.profile.json is corrupt: line 1, column 57: unexpected end of document");
        writeRank(1, 2, RankProfile.State.FINALIZED);
        assertThat(run("merge", dir.toString())).isZero();
        assertThat(err.toString()).contains("skipped " + ResultFiles.rankProfile(dir, 0));
        Files.writeString(dir.resolve("profile.json"), "{\"format\": \"qmpi4j-profile\", \"version\": 1}");
        assertThat(run("report", dir.toString())).isEqualTo(2);
        assertThat(err.toString())
                .contains("profile.json is corrupt: line 1, column 1: (document): member \"binding\" missing");
    }

    @Test
    void ranksOfDifferentJobsAreRefused() throws Exception {
        writeRank(0, 2, RankProfile.State.FINALIZED);
        writeRank(1, 3, RankProfile.State.FINALIZED);
        assertThat(run("merge", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("do not belong to one job");
    }

    @Test
    void mergeWorksWithTracesAlone() throws Exception {
        writeTrace(0, 2);
        writeTrace(1, 2);
        assertThat(run("merge", dir.toString())).as(err.toString()).isZero();
        assertThat(dir.resolve("profile.json")).doesNotExist();
        JsonNode trace = JsonNode.parse(Files.readString(dir.resolve("trace.json")));
        assertThat(trace.get("otherData").get("ranks").asLong()).isEqualTo(2);
        assertThat(err.toString()).contains("trace of 2 of 2 ranks, 2 calls", "(trace.json)");
    }
}
