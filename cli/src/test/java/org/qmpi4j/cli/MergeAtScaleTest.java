package org.qmpi4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.fixtures.simjob.SimulatedJob;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;

/**
 * {@code qmpi4j merge} of a simulated job of {@value #RANKS} ranks (the same code path as 4096
 * ranks, which {@code scripts/bench.sh scale} measures; this size keeps the suite fast): every
 * output is written, exact and in its large-job form. profile.json holds the matrix sparsely with
 * exactly the simulated pairs and per-rank data for every rank; report.txt summarises the ranks
 * and names the overloaded one; matrix.html is the canvas page; matrix.svg draws blocks.
 */
class MergeAtScaleTest {
    private static final int RANKS = 640;

    @TempDir
    Path dir;

    @Test
    void mergeOfManyRanksWritesExactSparseAndSummarisedOutputs() throws Exception {
        SimulatedJob job = new SimulatedJob(RANKS);
        job.writeRankFiles(dir);
        StringWriter err = new StringWriter();
        int exit = Qmpi4jCommand.execute(
                new String[] {"merge", dir.toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(exit).as(err.toString()).isZero();
        assertThat(err.toString()).contains("profile of " + RANKS + " of " + RANKS + " ranks");

        String json = Files.readString(dir.resolve("profile.json"));
        JsonNode root = JsonNode.parse(json);
        assertThat(root.get("version").asLong()).isEqualTo(ProfileFormat.VERSION);
        JsonNode matrix = root.get("matrix");
        assertThat(matrix.optional("bytes").isNull())
                .as("no dense matrix above 64 ranks")
                .isTrue();
        List<JsonNode> cells = matrix.get("cells").elements();
        assertThat((long) cells.size()).isEqualTo(job.pairs());
        assertThat(matrix.get("pairs").asLong()).isEqualTo(job.pairs());
        long bytes = 0;
        long messages = 0;
        Set<Long> pairs = new HashSet<>();
        for (JsonNode c : cells) {
            long[] v = c.asLongArray();
            bytes += v[2];
            messages += v[3];
            pairs.add(v[0] * RANKS + v[1]);
        }
        assertThat(bytes).isEqualTo(job.bytes());
        assertThat(messages).isEqualTo(job.messages());
        for (int r : new int[] {0, 1, RANKS / 2, RANKS - 1}) {
            for (int d : job.neighbours(r)) {
                assertThat(pairs).as("halo %d -> %d", r, d).contains((long) r * RANKS + d);
            }
            for (int d : job.groupPeers(r)) {
                assertThat(pairs).as("transpose %d -> %d", r, d).contains((long) r * RANKS + d);
            }
        }
        assertThat(root.get("time").get("per_rank").elements()).hasSize(RANKS);
        for (JsonNode f : root.get("functions").elements()) {
            if (f.get("name").asString().equals("MPI_ALLREDUCE")) {
                assertThat(f.get("per_rank").elements())
                        .as("per-rank data kept")
                        .hasSize(RANKS);
                assertThat(f.get("calls").asLong()).isEqualTo((long) RANKS * SimulatedJob.STEPS);
            }
        }
        // Read back: the same profile, matrix included.
        Profile back = ProfileFormat.read(json);
        assertThat(back.matrix().pairs()).isEqualTo((int) job.pairs());
        assertThat(back.matrix().totalBytes()).isEqualTo(job.bytes());

        String report = Files.readString(dir.resolve("report.txt"));
        assertThat(report)
                .contains("Time per rank: distribution over " + RANKS + " ranks", "ranks: " + RANKS + " finalized")
                .contains("most loaded ranks", "least loaded ranks", "imbalance over ranks (max / mean")
                .contains(RANKS + " ranks: see matrix.html");
        assertThat(report.lines().filter(l -> l.startsWith("== Time per rank")).count())
                .isEqualTo(1);
        String mostLoaded = report.substring(report.indexOf("most loaded ranks"));
        assertThat(mostLoaded.lines().skip(2).findFirst().orElseThrow().trim())
                .as("first row of the most loaded ranks")
                .startsWith(job.mostLoadedRank() + " ");
        assertThat(report.lines().count()).as("no row per rank").isLessThan(200);

        String html = Files.readString(dir.resolve("matrix.html"));
        assertThat(html).contains("<canvas id=\"matrix\"", "data-unit=\"1\"", "id=\"zoom-out\"");
        assertThat(html).doesNotContain("<td class=\"cell");
        String svg = Files.readString(dir.resolve("matrix.svg"));
        assertThat(svg).contains("in blocks of 3 ranks");
        assertThat(Files.size(dir.resolve("matrix.svg"))).isLessThan(20L << 20);
    }
}
