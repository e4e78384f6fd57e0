package org.qmpi4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.SiteKey;

/**
 * {@code qmpi4j compare} on runs made by construction: a program whose computation scales
 * perfectly (0.8 s over the ranks) and whose broadcast costs each rank 20 ms per rank of the job,
 * so the broadcast is what stops it scaling.
 */
class CompareCommandTest {
    private static final long MS = 1_000_000;

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Qmpi4jCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path results(int ranks) throws Exception {
        Path d = Files.createDirectories(dir.resolve("run" + ranks));
        List<RankProfile> rs = new ArrayList<>();
        long bcast = 20 * MS * ranks;
        long compute = 800 * MS / ranks;
        for (int r = 0; r < ranks; r++) {
            CallStats b = new CallStats().add(bcast, 8, false);
            CallStats init = new CallStats().add(500 * MS, 0, false);
            rs.add(RankProfile.builder(r, ranks, "openmpi")
                    .state(RankProfile.State.FINALIZED)
                    .appNs(compute + bcast)
                    .environment("host", "node1")
                    .function("MPI_INIT", "ENVIRONMENT", init)
                    .function("MPI_BCAST", "COLLECTIVE", b)
                    .site(new SiteKey("MPI_INIT", "org.example.Solver", "main", "Solver.java", 5), init)
                    .site(new SiteKey("MPI_BCAST", "org.example.Solver", "main", "Solver.java", 40), b)
                    .build());
        }
        AtomicFiles.write(
                d.resolve(ResultFiles.PROFILE_JSON),
                ProfileFormat.write(withIterations(ProfileMerger.merge(rs), ranks)));
        return d;
    }

    /**
     * 10 steps of the loop found, the first 3 a warm-up; the steady step 80 ms over the ranks plus
     * 20 ms per rank, as the broadcast makes it.
     */
    private static Profile withIterations(Profile p, int ranks) {
        double steady = 0.08 / ranks + 0.02 * ranks;
        return p.withIterations(new Iterations(
                true,
                "found",
                new Iterations.Boundary("MPI_BCAST", "org.example.Solver", "main", "Solver.java", 40),
                10,
                List.of(),
                new Iterations.WarmUp(3, 3 * steady, 3),
                new Iterations.Steady(4, steady, steady / 100, 1.25 * steady, 0),
                null,
                List.of(),
                null));
    }

    @Test
    void runsAreOrderedByRanksAndTheBroadcastIsNamedAsWhatStopsTheScaling() throws Exception {
        Path four = results(4);
        Path one = results(1);
        Path two = results(2);
        Path json = dir.resolve("out/study.json");
        Path html = dir.resolve("out/study.html");
        Path thicket = dir.resolve("thicket");
        assertThat(run(
                        "compare",
                        four.toString(),
                        one.resolve(ResultFiles.PROFILE_JSON).toString(),
                        two.toString(),
                        "--json",
                        json.toString(),
                        "--html",
                        html.toString(),
                        "--thicket",
                        thicket.toString()))
                .as(err.toString())
                .isZero();

        JsonNode s = JsonNode.parse(Files.readString(json));
        List<JsonNode> runs = s.get("runs").elements();
        assertThat(runs).extracting(r -> r.get("ranks").asInt()).containsExactly(1, 2, 4);
        // Times 0.82, 0.44, 0.28 s: speedups 1.86 and 2.93, efficiencies 93 % and 73 %.
        assertThat(runs.get(1).get("speedup").asDouble()).isCloseTo(0.82 / 0.44, within(1e-9));
        assertThat(runs.get(2).get("efficiency").asDouble()).isCloseTo(0.82 / 0.28 / 4, within(1e-9));
        assertThat(s.get("limiting").asString()).isEqualTo("MPI_BCAST");
        JsonNode bcast = s.get("functions").elements().get(0);
        // Ideal at 4 ranks: 20 ms / 4 = 5 ms per rank; measured 80 ms: 75 ms too many.
        assertThat(bcast.get("excess_s").asDouble()).isCloseTo(0.075, within(1e-9));
        JsonNode computation = s.get("functions").elements().get(1);
        assertThat(computation.get("name").asString()).isEqualTo("computation");
        assertThat(computation.get("excess_s").asDouble()).isCloseTo(0, within(1e-9));
        assertThat(s.get("functions").elements())
                .extracting(f -> f.get("name").asString())
                .as("start-up is outside the application's time")
                .doesNotContain("MPI_INIT");

        List<JsonNode> iterations = s.get("iterations").elements();
        assertThat(iterations)
                .extracting(f -> f.get("name").asString())
                .containsExactly("iterations", "steady time per iteration", "speedup of the steady state");
        // Steady steps 100, 80 and 100 ms: the steady state's speedup 1.25 at 2 ranks, 1.0 at 4.
        assertThat(iterations.get(2).get("per_rank_s").elements().get(1).asDouble())
                .isCloseTo(1.25, within(1e-9));
        assertThat(iterations.get(2).get("per_rank_s").elements().get(2).asDouble())
                .isCloseTo(1.0, within(1e-9));

        String text = out.toString();
        assertThat(text).contains("strong scaling, 3 runs").contains("What stops the code scaling: MPI_BCAST");
        assertThat(Files.readString(html)).contains("<svg").contains("What stops the code scaling: MPI_BCAST");

        try (var files = Files.list(thicket)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted())
                    .containsExactly("run-1-2.json", "run-2-3.json", "run-4-1.json");
        }
        HatchetCaliperReading h = HatchetCaliperReading.read(Files.readString(thicket.resolve("run-4-1.json")));
        assertThat(h.meta("mpi.world.size").asLong()).isEqualTo(4);
        assertThat(h.meta("qmpi4j.scaling").asString()).isEqualTo("strong");
        assertThat(h.at("main", 3).get("time (inc)")).isCloseTo(0.08, within(1e-9));
    }

    @Test
    void weakScalingKeepsTheTimeAsItsIdeal() throws Exception {
        Path one = results(1);
        Path two = results(2);
        assertThat(run("compare", "--weak", one.toString(), two.toString())).isZero();
        assertThat(out.toString()).contains("weak scaling, 2 runs");
        // Weak: efficiency = T1 / T2 = 0.82 / 0.44.
        assertThat(out.toString()).contains("186%");
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Path one = results(1);
        assertThat(run("compare", one.toString())).isEqualTo(2);
        assertThat(run("compare", one.toString(), dir.resolve("nowhere").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("nowhere: no such directory");
    }
}
