package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.RankProfileFormat;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * Faults made by construction on real Open MPI, 4 ranks of the token ring {@code ThrowMidway}
 * (with its failure past the last lap: it ends normally) under {@code profiler,tracer}: the results
 * folder on a small tmpfs that fills up during the run, or that is remounted read-only during the
 * run; a rank SIGKILLed during the run; a rank that hangs in {@code MPI_Finalize}. In each the
 * application's own output and exit status are what they would be, every file with a valid name is
 * whole and readable (a profile parses; a trace shard is a log readable up to where it was cut),
 * qmpi4j says what went wrong in one line for the job, and {@code qmpi4j merge} names each rank that
 * left less than a finished rank, with why.
 */
class OutputFaultsTest {
    private static final int RANKS = 4;
    private static final String RING = AgentJob.FEATURES + "ThrowMidway";

    /** The trace fills the 1 MB results folder early; the job goes on and ends as it would. */
    @Test
    void aFullFileSystemChangesNothingForTheApplicationAndIsSaidOnce(@TempDir Path tmp) throws Exception {
        Path mount = tmp.resolve("small");
        try (Tmpfs fs = Tmpfs.mount(mount, "1m")) {
            Path out = mount.resolve("results");
            JobResult result = AgentJob.run(job(out, "20000").jvmOption("-Dqmpi4j.flush-seconds=1"));
            assertApplicationUnchanged(result);
            List<String> said = qmpi4jLines(result);
            assertThat(said)
                    .as("what qmpi4j said\n%s", result.describe())
                    .singleElement()
                    .asString()
                    .contains("qmpi4j: ")
                    .contains("the file system refused the files of 4 of 4 rank(s) [0-3]")
                    .contains("No space left on device")
                    .contains("'qmpi4j merge " + out + "'");
            assertEveryNamedFileIsWhole(out);
            Path copy = copyOf(out, tmp.resolve("copy"));
            BundledTools.Command merge = BundledTools.qmpi4j("merge", copy.toString());
            assertThat(merge.exitCode).as("%s", merge).isZero();
            assertThat(merge.stderr)
                    .as("%s", merge)
                    .contains("ranks [0-3]: cut off during the run")
                    .contains("its file system refused later writes");
        }
    }

    /**
     * The folder turns read-only while the ranks write into it every second: a read-only bind
     * mount over it (a remount of the tmpfs itself is refused while the trace shards are open for
     * writing). Files opened before keep their descriptors, as on any remount; every new file
     * (each rewrite of a rank's profile, rank 0's results) meets a read-only file system.
     */
    @Test
    void aFolderTurnedReadOnlyMidRunChangesNothingForTheApplicationAndIsSaidOnce(@TempDir Path tmp) throws Exception {
        Path mount = tmp.resolve("ro");
        try (Tmpfs fs = Tmpfs.mount(mount, "64m")) {
            Path out = mount.resolve("results");
            CompletableFuture<JobResult> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return AgentJob.run(job(out, "60000")
                            .jvmOption("-Dqmpi4j.flush-seconds=1")
                            .jvmOption("-Dqmpi4j.tracer.limit=4m"));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            waitForFiles(out, running);
            fs.readOnlyFromNowOn(out);
            JobResult result = running.get(3, TimeUnit.MINUTES);
            assertApplicationUnchanged(result);
            assertThat(qmpi4jLines(result))
                    .as("what qmpi4j said\n%s", result.describe())
                    .singleElement()
                    .asString()
                    .contains("the file system refused the files of 4 of 4 rank(s) [0-3]")
                    .contains("Read-only file system");
            assertEveryNamedFileIsWhole(out);
            Path copy = copyOf(out, tmp.resolve("copy"));
            BundledTools.Command merge = BundledTools.qmpi4j("merge", copy.toString());
            assertThat(merge.exitCode).as("%s", merge).isZero();
            assertThat(merge.stderr).as("%s", merge).contains("ranks [0-3]: cut off during the run");
        }
    }

    /**
     * Rank 2 is SIGKILLed during the run: no hook runs, its files are as last written while it ran;
     * mpirun then stops the others (SIGTERM), whose exit hooks write theirs.
     */
    @Test
    void aRankKilledWithSigkillLeavesItsLastFilesAndMergeSaysWhy(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        CompletableFuture<JobResult> running = CompletableFuture.supplyAsync(() -> {
            try {
                return AgentJob.run(job(out, "100000000").jvmOption("-Dqmpi4j.tracer.limit=4m"));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        waitForFiles(out, running);
        JobResults results = JobResults.in(out);
        String pid = results.rank(2).environment().get("pid");
        assertThat(pid).as("rank 2's pid in its profile").isNotNull();
        Process kill = new ProcessBuilder("kill", "-KILL", pid).inheritIO().start();
        assertThat(kill.waitFor()).as("kill -KILL %s", pid).isZero();
        JobResult result = running.get(3, TimeUnit.MINUTES);
        assertThat(result.timedOut()).as(result.describe()).isFalse();
        assertThat(result.succeeded()).as(result.describe()).isFalse();
        assertThat(results.rankState(2)).isEqualTo("running");
        for (int r : new int[] {0, 1, 3}) {
            assertThat(results.rankState(r)).as("rank %d", r).isEqualTo("exited");
        }
        assertEveryNamedFileIsWhole(out);
        assertThat(qmpi4jLines(result))
                .as("what qmpi4j said\n%s", result.describe())
                .singleElement()
                .asString()
                .contains("the job ended before MPI_Finalize");

        BundledTools.Command merge = BundledTools.qmpi4j("merge", out.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        assertThat(merge.stderr)
                .as("%s", merge)
                .contains("profile of 4 of 4 ranks")
                .contains("rank 2: cut off during the run")
                .contains("ranks [0, 1, 3]: stopped before MPI_Finalize");
        BundledTools.Command report = BundledTools.qmpi4j("report", out.toString());
        assertThat(report.exitCode).as("%s", report).isZero();
    }

    /**
     * Rank 1 never returns from {@code MPI_Finalize} (a test tool after the bundled ones stops the
     * call there); the others wait for it in the real {@code MPI_Finalize}. The tools gathered
     * before, so the job's results are complete; the job ends at its time limit.
     */
    @Test
    void aRankHangingInFinalizeLeavesCompleteResults(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(AgentJob.withTools(RING, RANKS, "profiler,tracer,hang-in-finalize")
                .args("50", "51")
                .env("QMPI4J_OUTPUT", out.toString())
                .env("QMPI4J_IT_HANG_RANK", "1")
                .timeout(Duration.ofSeconds(25)));
        assertThat(result.timedOut()).as(result.describe()).isTrue();
        assertThat(result.stderr()).contains("QMPI4J-HANGING in MPI_Finalize");
        JobResults results = JobResults.in(out);
        for (int r = 0; r < RANKS; r++) {
            assertThat(results.rankState(r)).as("rank %d", r).isEqualTo("finalized");
        }
        JobResults.Profile p = results.profile();
        assertThat(p.root.get("complete").asBoolean()).isTrue();
        assertThat(p.callsPerRank.get(1)).containsEntry("MPI_SEND", 50L);
        assertThat(results.trace().events).containsOnlyKeys(0, 1, 2, 3);
        assertThat(result.stderr().lines().filter(l -> l.contains("qmpi4j: results in " + out)))
                .as(result.describe())
                .hasSize(1);
        assertEveryNamedFileIsWhole(out);
    }

    private static org.qmpi4j.launch.MpiJob.Builder job(Path out, String laps) {
        // failAt past the last lap: nobody fails, the ring ends normally.
        return BundledTools.job(RING, RANKS, "profiler,tracer", out)
                .args(laps, "2000000000")
                .timeout(Duration.ofMinutes(3));
    }

    /** Exit 0 and every rank's own report, as without qmpi4j's trouble. */
    private static void assertApplicationUnchanged(JobResult result) {
        assertThat(result.timedOut()).as(result.describe()).isFalse();
        assertThat(result.exitCode()).as(result.describe()).isZero();
        SampleOutput own = SampleOutput.parse(result);
        assertThat(own.okRanks()).as(result.describe()).hasSize(RANKS);
        assertThat(result.stdout()).doesNotContain("qmpi4j");
    }

    /**
     * qmpi4j's lines on stderr that are about the job's results or a failure (the verbose setting
     * of these jobs adds the agent's own summaries, which are not).
     */
    private static List<String> qmpi4jLines(JobResult result) {
        return result.stderr()
                .lines()
                .filter(l -> l.contains("qmpi4j"))
                .filter(l -> !l.contains("qmpi4j: rewriting:"))
                .filter(l -> l.contains("results in")
                        || l.contains("failed")
                        || l.contains("refused")
                        || l.contains("cannot")
                        || l.contains("ended before"))
                .collect(Collectors.toList());
    }

    /**
     * No temporary file left, every profile (a rank's, the job's) parses whole, every trace shard
     * starts with its header and is readable line by line.
     */
    private static void assertEveryNamedFileIsWhole(Path out) throws Exception {
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
                String name = f.getFileName().toString();
                assertThat(name).as("a temporary file left: %s", f).doesNotEndWith(".tmp");
                if (name.endsWith(".profile.json")) {
                    RankProfileFormat.read(Files.readString(f, StandardCharsets.UTF_8));
                } else if (name.endsWith(".json")) {
                    JsonNode.parse(Files.readString(f, StandardCharsets.UTF_8));
                } else if (name.endsWith(".trace") && Files.size(f) > 0) {
                    assertThat(org.qmpi4j.formats.trace.ShardText.lines(f).get(0))
                            .as("%s", f)
                            .startsWith("qmpi4j-trace ");
                }
            }
        }
    }

    /** Waits until every rank wrote its profile once (each rank is past MPI_Init and writing). */
    private static void waitForFiles(Path out, CompletableFuture<JobResult> running) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (running.isDone()) {
                throw new AssertionError(
                        "the job ended before its ranks wrote: " + running.get().describe());
            }
            long n = 0;
            if (Files.isDirectory(out.resolve("ranks"))) {
                try (Stream<Path> s = Files.list(out.resolve("ranks"))) {
                    n = s.filter(p -> p.getFileName().toString().endsWith(".profile.json"))
                            .count();
                }
            }
            if (n >= RANKS) {
                Thread.sleep(1500); // past one periodic flush of every rank
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("ranks did not write their files within 90 s");
    }

    private static Path copyOf(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.collect(Collectors.toList())) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
        return to;
    }

    /** A tmpfs of a given size, mounted for the test (we are root) and always unmounted. */
    private static final class Tmpfs implements AutoCloseable {
        private final Path at;

        private Tmpfs(Path at) {
            this.at = at;
        }

        static Tmpfs mount(Path at, String size) throws Exception {
            Files.createDirectories(at);
            run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", at.toString());
            return new Tmpfs(at);
        }

        private Path bound;

        /** {@code dir} (inside this tmpfs) read-only for whatever opens a file in it from now on. */
        void readOnlyFromNowOn(Path dir) throws Exception {
            run("mount", "--bind", dir.toString(), dir.toString());
            bound = dir;
            run("mount", "-o", "remount,bind,ro", dir.toString());
        }

        @Override
        public void close() throws Exception {
            if (bound != null) {
                run("umount", "-l", bound.toString());
            }
            run("umount", "-l", at.toString());
        }

        private static void run(String... cmd) throws Exception {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new AssertionError(String.join(" ", cmd) + " failed: " + said);
            }
        }
    }
}
