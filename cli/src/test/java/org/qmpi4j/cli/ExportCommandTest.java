package org.qmpi4j.cli;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.cli.otf2.Otf2Reading;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.SiteKey;

/** {@code qmpi4j export --format caliper-json}, read back as Hatchet's reader reads it ({@link HatchetCaliperReading}). */
class ExportCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Qmpi4jCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    /** Rank r: MPI_Init at line 5, 2 + r sends at line 10, one waitall at line 20 and one at line 21. */
    private static RankProfile rank(int r) {
        CallStats sends = new CallStats();
        for (int i = 0; i < 2 + r; i++) {
            sends.add(1_000 * (i + 1), 8, true);
        }
        CallStats wait20 = new CallStats().add(5_000, 0, false);
        CallStats wait21 = new CallStats().add(7_000, 0, false);
        CallStats waits = new CallStats().add(5_000, 0, false).add(7_000, 0, false);
        CallStats init = new CallStats().add(600_000_000, 0, false);
        return RankProfile.builder(r, 3, "openmpi")
                .state(RankProfile.State.FINALIZED)
                .appNs(1_000_000)
                .environment("host", "node1")
                .environment("main", "org.example.Stencil")
                .function("MPI_INIT", "ENVIRONMENT", init)
                .function("MPI_SEND", "POINT_TO_POINT", sends)
                .function("MPI_WAITALL", "POINT_TO_POINT", waits)
                .site(new SiteKey("MPI_INIT", "org.example.Stencil", "main", "Stencil.java", 5), init)
                .site(new SiteKey("MPI_SEND", "org.example.Stencil", "main", "Stencil.java", 10), sends)
                .site(new SiteKey("MPI_WAITALL", "org.example.Stencil", "main", "Stencil.java", 20), wait20)
                .site(new SiteKey("MPI_WAITALL", "org.example.Stencil", "exchange", "Stencil.java", 21), wait21)
                .sent((r + 1) % 3, 2 + r, 8L * (2 + r))
                .build();
    }

    private Path results() throws Exception {
        Path d = Files.createDirectories(dir.resolve("results"));
        AtomicFiles.write(
                d.resolve(ResultFiles.PROFILE_JSON),
                ProfileFormat.write(ProfileMerger.merge(List.of(rank(0), rank(1), rank(2)))));
        Files.writeString(
                d.resolve("world.json"),
                "{\"format\": \"qmpi4j-world\", \"version\": 1, \"command\": \"org.example.Stencil 64\"}");
        return d;
    }

    @Test
    void hatchetReadsTheCallPathDownToEachMpiFunctionWithEachRanksFigures() throws Exception {
        Path d = results();
        Path cali = dir.resolve("out/stencil.json");
        assertThat(run("export", "--format", "caliper-json", d.toString(), cali.toString()))
                .as(err.toString())
                .isZero();
        assertThat(err.toString()).contains("qmpi4j: wrote " + cali);

        HatchetCaliperReading h = HatchetCaliperReading.read(Files.readString(cali));
        assertThat(h.roots).extracting(HatchetCaliperReading.Node::label).containsExactly("main", "MPI start-up");
        assertThat(h.metricColumns).containsExactly("time", "time (inc)", "count", "bytes");
        assertThat(h.metrics.keySet())
                .containsExactlyInAnyOrder(
                        "MPI start-up",
                        "MPI start-up/Stencil.main(Stencil.java:5)",
                        "MPI start-up/Stencil.main(Stencil.java:5)/MPI_Init",
                        "main",
                        "main/Stencil.main(Stencil.java:10)",
                        "main/Stencil.main(Stencil.java:10)/MPI_Send",
                        "main/Stencil.main(Stencil.java:20)",
                        "main/Stencil.main(Stencil.java:20)/MPI_Waitall",
                        "main/Stencil.exchange(Stencil.java:21)",
                        "main/Stencil.exchange(Stencil.java:21)/MPI_Waitall");
        for (int r = 0; r < 3; r++) {
            Map<String, Double> send = h.at("main/Stencil.main(Stencil.java:10)/MPI_Send", r);
            assertThat(send.get("count")).isEqualTo(2.0 + r);
            assertThat(send.get("bytes")).isEqualTo(8.0 * (2 + r));
            double expectedSeconds = 0;
            for (int i = 0; i < 2 + r; i++) {
                expectedSeconds += 1_000e-9 * (i + 1);
            }
            assertThat(send.get("time")).isCloseTo(expectedSeconds, org.assertj.core.data.Offset.offset(1e-12));
            assertThat(h.at("main/Stencil.exchange(Stencil.java:21)/MPI_Waitall", r)
                            .get("count"))
                    .isEqualTo(1.0);
            assertThat(h.at("main", r).get("count"))
                    .as("inner nodes carry no calls")
                    .isZero();
            assertThat(h.at("main", r).get("time")).as("nor exclusive time").isZero();
            // Without update_inclusive_columns(), main's and each site's totals are there; MPI_Init's
            // 0.6 s are not main's.
            assertThat(h.at("main", r).get("time (inc)"))
                    .isCloseTo(expectedSeconds + 12_000e-9, org.assertj.core.data.Offset.offset(1e-12));
            assertThat(h.at("main/Stencil.main(Stencil.java:20)", r).get("time (inc)"))
                    .isCloseTo(5_000e-9, org.assertj.core.data.Offset.offset(1e-12));
            assertThat(h.at("main/Stencil.main(Stencil.java:10)/MPI_Send", r).get("time (inc)"))
                    .isEqualTo(send.get("time"));
            assertThat(h.at("MPI start-up", r).get("time (inc)"))
                    .isCloseTo(0.6, org.assertj.core.data.Offset.offset(1e-12));
            assertThat(h.at("MPI start-up/Stencil.main(Stencil.java:5)/MPI_Init", r)
                            .get("count"))
                    .isEqualTo(1.0);
        }
        assertThat(h.meta("mpi.world.size").asLong()).isEqualTo(3);
        assertThat(h.meta("qmpi4j.binding").asString()).isEqualTo("openmpi");
        assertThat(h.meta("command").asString()).isEqualTo("org.example.Stencil 64");
        assertThat(h.meta("host").asString()).isEqualTo("node1");
        assertThat(h.metadata).containsKeys("date", "qmpi4j.version", "qmpi4j.tools");
    }

    @Test
    void whatTheJvmTookIsARootOfItsOwnWithANodePerKind() throws Exception {
        Path d = Files.createDirectories(dir.resolve("jvm-results"));
        RankProfile collecting = RankProfile.builder(2, 3, "openmpi")
                .state(RankProfile.State.FINALIZED)
                .appNs(1_000_000)
                .environment("host", "node1")
                .function("MPI_SEND", "POINT_TO_POINT", new CallStats().add(1_000, 8, true))
                .site(
                        new SiteKey("MPI_SEND", "org.example.Stencil", "main", "Stencil.java", 10),
                        new CallStats().add(1_000, 8, true))
                .jvm(new org.qmpi4j.formats.profile.JvmSummary(
                        500_000_000L, 3, 10_000_000L, 4, 200_000_000L, 0, List.of(), "System.gc()"))
                .build();
        AtomicFiles.write(
                d.resolve(ResultFiles.PROFILE_JSON),
                ProfileFormat.write(ProfileMerger.merge(List.of(rank(0), rank(1), collecting))));
        Path cali = dir.resolve("jvm.json");
        assertThat(run("export", "--format", "caliper-json", d.toString(), cali.toString()))
                .as(err.toString())
                .isZero();
        HatchetCaliperReading h = HatchetCaliperReading.read(Files.readString(cali));
        assertThat(h.roots)
                .extracting(HatchetCaliperReading.Node::label)
                .containsExactly("main", "MPI start-up", "JVM");
        assertThat(h.metrics.keySet())
                .contains("JVM", "JVM/JVM: gc", "JVM/JVM: safepoint", "JVM/JVM: class loading")
                .doesNotContain("JVM/JVM: descheduled");
        Map<String, Double> gc = h.at("JVM/JVM: gc", 2);
        assertThat(gc.get("time")).isEqualTo(0.5);
        assertThat(gc.get("count")).isEqualTo(3.0);
        assertThat(h.at("JVM/JVM: safepoint", 2).get("count")).isEqualTo(4.0);
        assertThat(h.at("JVM/JVM: gc", 0).get("time"))
                .as("rank 0's JVM is not known")
                .isZero();
        assertThat(h.at("JVM", 2).get("time (inc)")).isCloseTo(0.71, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(h.at("main", 2).get("time (inc)"))
                .as("not MPI time")
                .isCloseTo(1_000e-9, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void ranksChooseTheRowsAndBadInputIsOneLine() throws Exception {
        Path d = results();
        Path cali = dir.resolve("one.json");
        assertThat(run("export", "--format", "caliper-json", "--ranks", "1", d.toString(), cali.toString()))
                .isZero();
        HatchetCaliperReading h = HatchetCaliperReading.read(Files.readString(cali));
        Map<Integer, Map<String, Double>> send = h.ranks("main/Stencil.main(Stencil.java:10)/MPI_Send");
        assertThat(requireNonNull(send.get(1)).get("count")).isEqualTo(3.0);
        assertThat(requireNonNull(send.get(0)).get("count"))
                .as("rank 0 left out (filled with zero)")
                .isZero();

        assertThat(run("export", "--format", "otf3", d.toString(), cali.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--format otf3: not a format qmpi4j exports");
        assertThat(run("export", "--format", "caliper-json", "--ranks", "0-7", d.toString(), cali.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--ranks 0-7: the job has ranks 0-2");
        assertThat(run(
                        "export",
                        "--format",
                        "caliper-json",
                        dir.resolve("nothing").toString(),
                        cali.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("nothing: no such directory");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThat(run("export", "--format", "caliper-json", empty.toString(), cali.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("no profile.json and no per-rank files");
        assertThat(run("export", "--help")).isZero();
        assertThat(out.toString()).contains("caliper-json", "Hatchet");
    }

    @Test
    void otf2NeedsTheShardsAndANewFolderAndTheHelpListsTheFormats() throws Exception {
        Path d = results();
        Path dest = dir.resolve("otf2");
        assertThat(run("export", "--format", "otf2", d.toString(), dest.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("ranks: no trace shards (rank-<r>.trace): otf2 exports the tracer's trace");
        assertThat(dest).doesNotExist();

        assertThat(run(
                        "export",
                        "--format",
                        "caliper-json",
                        "--from",
                        "1s",
                        d.toString(),
                        dir.resolve("c.json").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--from: caliper-json exports the profile, which has no time window");

        // One rank's shard: MPI_Init, a send of 8 bytes to itself, MPI_Finalize.
        Files.createDirectories(ResultFiles.ranksDir(d));
        Files.writeString(
                ResultFiles.rankTrace(d, 0),
                "qmpi4j-trace 3 0 3 openmpi\nF 0 MPI_INIT\nF 1 MPI_SEND\nF 2 MPI_FINALIZE\n"
                        + "E 0 1 1000 500 - - - - - - -\nE 1 1 2000 100 0 4 8 0 - - -\nE 2 1 3000 200 - - - - - - -\n");
        Path taken = Files.createDirectories(dir.resolve("taken"));
        Files.writeString(taken.resolve("x"), "x");
        assertThat(run("export", "--format", "otf2", d.toString(), taken.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("taken: not empty; give a new folder for the OTF2 archive");
        assertThat(run("export", "--format", "otf2", "--ranks", "3", d.toString(), dest.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--ranks 3: the job has ranks 0-2");

        assertThat(run("export", "--format", "otf2", "--from", "1.6us", d.toString(), dest.toString()))
                .as(err.toString())
                .isZero();
        assertThat(err.toString()).contains("qmpi4j: wrote " + dest.resolve("traces.otf2"));
        Otf2Reading read = Otf2Reading.python(dest.resolve("traces.otf2"));
        // From 1.6 us on: the send and MPI_Finalize; ranks 1 and 2 without shards keep empty locations.
        assertThat(read.records(0))
                .containsOnlyKeys(
                        "Enter MPI_Send",
                        "Leave MPI_Send",
                        "MpiSend to 0 on MPI_COMM_WORLD tag 4 bytes 8",
                        "Enter MPI_Finalize",
                        "Leave MPI_Finalize");
        assertThat(read.hostOf).containsOnlyKeys(0, 1, 2).containsEntry(0, "node1");
        assertThat(dir.toFile().list()).noneMatch(n -> n.contains(".partial-"));

        assertThat(run("export", "--help")).isZero();
        assertThat(out.toString()).contains("caliper-json", "otf2", "Vampir", "Scalasca", "--from", "--to");
    }
}
