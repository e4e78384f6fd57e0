package org.qmpi4j.cli;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.fixtures.simjob.SimulatedJob;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.PartialProfileFormat;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.RankProfileFormat;
import org.qmpi4j.formats.profile.SiteKey;

/**
 * {@code qmpi4j merge} of a simulated job of {@value #RANKS} ranks, above
 * {@link ProfileFormat#RANK_DETAIL_MAX_RANKS}: profile.json holds the totals and each entry's
 * spread over the ranks, no per-rank lists, and names profile-ranks.jsonl, which has one line per
 * rank with exactly that rank's figures; the readers of profile.json (report, diff, export) keep
 * working; a merge along a tree of partial merges writes the same files.
 */
class MergeAboveRankDetailLimitTest {
    private static final int RANKS = 1152;

    @TempDir
    Path dir;

    @Test
    void perRankSharesGoToTheLineFileExactlyAndTheReadersStillWork() throws Exception {
        assertThat(RANKS).isGreaterThan(ProfileFormat.RANK_DETAIL_MAX_RANKS);
        SimulatedJob job = new SimulatedJob(RANKS);
        job.writeRankFiles(dir);
        StringWriter err = new StringWriter();
        int exit = Qmpi4jCommand.execute(
                new String[] {"merge", dir.toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(exit).as(err.toString()).isZero();
        assertThat(err.toString()).contains("profile of " + RANKS + " of " + RANKS + " ranks", "profile-ranks.jsonl");

        List<RankProfile> ranks = new ArrayList<>();
        for (int r = 0; r < RANKS; r++) {
            ranks.add(job.rank(r));
        }
        String json = Files.readString(dir.resolve("profile.json"));
        JsonNode root = JsonNode.parse(json);
        assertThat(root.get("version").asLong()).isEqualTo(3);
        assertThat(root.get("per_rank_detail").asString()).isEqualTo("profile-ranks.jsonl");
        assertThat(root.get("time").get("per_rank").elements()).hasSize(RANKS);
        for (JsonNode f : root.get("functions").elements()) {
            assertThat(f.has("per_rank")).as("no per-rank list above the limit").isFalse();
        }

        // Totals and spreads equal what the ranks' own profiles add up to.
        Profile merged = ProfileFormat.read(json);
        assertThat(merged.perRankKept()).isFalse();
        for (Map.Entry<String, Profile.Entry> f : merged.functions().entrySet()) {
            long calls = 0;
            long time = 0;
            int calling = 0;
            int maxRank = -1;
            long max = -1;
            long min = Long.MAX_VALUE;
            for (RankProfile p : ranks) {
                CallStats s = p.functions().get(f.getKey());
                if (s == null) {
                    continue;
                }
                calls += s.calls();
                time += s.timeNs();
                calling++;
                if (s.timeNs() > max) {
                    max = s.timeNs();
                    maxRank = p.rank();
                }
                min = Math.min(min, s.timeNs());
            }
            Profile.Entry e = f.getValue();
            assertThat(e.total().calls()).as(f.getKey()).isEqualTo(calls);
            assertThat(e.total().timeNs()).as(f.getKey()).isEqualTo(time);
            assertThat(e.ranks()).as(f.getKey()).isEqualTo(calling);
            assertThat(e.maxRank()).as(f.getKey()).isEqualTo(maxRank);
            assertThat(e.maxRankNs()).as(f.getKey()).isEqualTo(max);
            assertThat(e.minRankNs()).as(f.getKey()).isEqualTo(min);
        }
        assertThat(requireNonNull(merged.functions().get("MPI_RECV")).ranks())
                .as("only rank 0 collects, but every rank of a group of 32 receives the transpose")
                .isEqualTo(RANKS);

        // One line per rank, in rank order, each share that rank's own.
        Map<SiteKey, Integer> ids = merged.siteIds();
        List<String> lines = Files.readAllLines(dir.resolve("profile-ranks.jsonl"));
        assertThat(lines).hasSize(RANKS + 1);
        JsonNode header = JsonNode.parse(lines.get(0));
        assertThat(header.get("format").asString()).isEqualTo("qmpi4j-profile-ranks");
        assertThat(header.get("ranks").asLong()).isEqualTo(RANKS);
        for (int r = 0; r < RANKS; r++) {
            JsonNode line = JsonNode.parse(lines.get(r + 1));
            RankProfile own = ranks.get(r);
            assertThat(line.get("rank").asLong()).isEqualTo(r);
            assertThat(line.get("app_s").asDouble()).isEqualTo(own.appNs() / 1e9);
            assertThat(line.get("functions").members().keySet())
                    .containsExactlyInAnyOrderElementsOf(own.functions().keySet());
            for (Map.Entry<String, CallStats> f : own.functions().entrySet()) {
                assertShare(line.get("functions").get(f.getKey()), f.getValue());
            }
            assertThat(line.get("callsites").members()).hasSize(own.sites().size());
            for (Map.Entry<SiteKey, CallStats> s : own.sites().entrySet()) {
                assertShare(
                        line.get("callsites").get(Integer.toString(requireNonNull(ids.get(s.getKey())))), s.getValue());
            }
        }

        // The readers of profile.json.
        String report = Files.readString(dir.resolve("report.txt"));
        assertThat(report).contains("imbalance over ranks (max / mean");
        assertThat(cli("report", dir.toString())).isZero();
        assertThat(Files.readString(dir.resolve("report.txt")))
                .as("report.txt rebuilt from profile.json alone")
                .isEqualTo(report);
        assertThat(cli("diff", dir.toString(), dir.toString())).isZero();
        Path cali = dir.resolve("export/profile.cali.json");
        assertThat(cli("export", "--format", "caliper-json", "--ranks", "0-3", dir.toString(), cali.toString()))
                .isZero();
        JsonNode exported = JsonNode.parse(Files.readString(cali));
        List<String> columns = new ArrayList<>();
        for (JsonNode c : exported.get("columns").elements()) {
            columns.add(c.asString());
        }
        int count = columns.indexOf("count");
        // A row per site and rank carries its calls; the inner nodes' rows (inclusive time) none.
        List<JsonNode> rows = new ArrayList<>();
        for (JsonNode row : exported.get("data").elements()) {
            if (row.elements().get(count).asLong() > 0) {
                rows.add(row);
            }
        }
        int expectedRows = 0;
        for (int r = 0; r < 4; r++) {
            expectedRows += ranks.get(r).sites().size();
        }
        assertThat(rows).hasSize(expectedRows);
        long exportedCalls = 0;
        for (JsonNode row : rows) {
            exportedCalls += row.elements().get(count).asLong();
        }
        long ownCalls = 0;
        for (int r = 0; r < 4; r++) {
            for (CallStats s : ranks.get(r).sites().values()) {
                ownCalls += s.calls();
            }
        }
        assertThat(exportedCalls).isEqualTo(ownCalls);

        // A tree of partial merges (as the profiler gathers at MPI_Finalize) of the same rank files
        // writes the same files.
        ProfileMerger.Streaming top = new ProfileMerger.Streaming().add(rankFile(0));
        for (int bit = 1; bit < RANKS; bit <<= 1) {
            ProfileMerger.Streaming child = new ProfileMerger.Streaming();
            for (int r = bit; r < Math.min(RANKS, 2 * bit); r++) {
                child.add(rankFile(r));
            }
            top.combine(PartialProfileFormat.read(PartialProfileFormat.write(child)));
        }
        Profile tree = top.finish();
        String treeJson = ProfileFormat.write(tree);
        assertThat(withoutCreated(treeJson)).isEqualTo(withoutCreated(json));
        StringBuilder treeLines = new StringBuilder();
        ProfileFormat.writeRankDetail(tree, treeLines);
        assertThat(treeLines.toString())
                .isEqualTo(Files.readString(dir.resolve("profile-ranks.jsonl"), StandardCharsets.UTF_8));
        requireNonNull(tree.rankDetail()).discard();

        // And the line file read back gives each rank's shares to the entries.
        try (BufferedReader in = Files.newBufferedReader(dir.resolve("profile-ranks.jsonl"))) {
            Profile full = ProfileFormat.withRankDetail(merged, in, r -> r >= RANKS - 2);
            assertThat(requireNonNull(full.functions().get("MPI_ALLREDUCE"))
                            .perRank()
                            .keySet())
                    .containsExactly(RANKS - 2, RANKS - 1);
        }
    }

    private RankProfile rankFile(int r) throws Exception {
        return RankProfileFormat.read(Files.readString(ResultFiles.rankProfile(dir, r)));
    }

    private static void assertShare(JsonNode share, CallStats own) throws Exception {
        List<JsonNode> v = share.elements();
        assertThat(v.get(0).asLong()).isEqualTo(own.calls());
        assertThat(Math.round(v.get(1).asDouble() * 1e9)).isEqualTo(own.timeNs());
        assertThat(Math.round(v.get(2).asDouble() * 1e9)).isEqualTo(own.minNs());
        assertThat(Math.round(v.get(3).asDouble() * 1e9)).isEqualTo(own.maxNs());
        assertThat(v.get(4).asLong()).isEqualTo(own.bytes());
    }

    private static String withoutCreated(String json) {
        return json.replaceFirst("\"created\": \"[^\"]*\"", "");
    }

    private static int cli(String... args) {
        StringWriter err = new StringWriter();
        int exit = Qmpi4jCommand.execute(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
        if (exit != 0) {
            System.err.println(err);
        }
        return exit;
    }
}
