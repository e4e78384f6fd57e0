package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.fixtures.simjob.SimulatedJob;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;

/**
 * {@code qmpi4j merge} of the simulated job of {@value #RANKS} ranks in a JVM of at most 1 GiB of
 * heap ({@code -Xmx1g}): it completes, and its outputs are exact: the matrix has exactly the job's
 * pairs, bytes and messages, every function's calls and time equal the sum of the ranks' own
 * figures, profile-ranks.jsonl has one line per rank with that rank's calls, and report.txt names
 * the most loaded rank. How long it takes is measured in BENCHMARKS.md ("Merge at scale"), not here.
 *
 * <p>Writes about 600 MB of files and takes minutes: in the Maven profile {@code many-ranks}.
 */
@Tag("many-ranks")
class MergeOf65536RanksTest {
    private static final int RANKS = 65_536;

    @Test
    void mergesWithinOneGibibyteOfHeapExactly(@TempDir Path dir) throws Exception {
        SimulatedJob job = new SimulatedJob(RANKS);
        job.writeRankFiles(dir);
        Path gc = dir.resolve("gc.log");
        BundledTools.Command merge = BundledTools.run(
                List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx1g",
                        "-Xlog:gc,gc+init:file=" + gc,
                        "-jar",
                        ItJars.jar("qmpi4j-cli").toString(),
                        "merge",
                        dir.toString()),
                Map.of(),
                Duration.ofMinutes(10));
        assertThat(merge.exitCode).as(merge.toString()).isZero();
        assertThat(merge.stderr).contains("profile of " + RANKS + " of " + RANKS + " ranks");
        assertThat(Files.readString(gc)).as("the heap limit in force").contains("Heap Max Capacity: 1G");

        // What the ranks' own profiles add up to, per function.
        Map<String, long[]> own = new LinkedHashMap<>(); // calls, time
        for (int r = 0; r < RANKS; r++) {
            RankProfile p = job.rank(r);
            for (Map.Entry<String, CallStats> f : p.functions().entrySet()) {
                long[] sum = own.computeIfAbsent(f.getKey(), k -> new long[2]);
                sum[0] += f.getValue().calls();
                sum[1] += f.getValue().timeNs();
            }
        }

        Profile merged = ProfileFormat.read(Files.readString(dir.resolve("profile.json"), StandardCharsets.UTF_8));
        assertThat(merged.ranks()).isEqualTo(RANKS);
        assertThat(merged.complete()).isTrue();
        assertThat(merged.perRankKept()).isFalse();
        assertThat((long) merged.matrix().pairs()).isEqualTo(job.pairs());
        assertThat(merged.matrix().totalBytes()).isEqualTo(job.bytes());
        assertThat(merged.matrix().totalMessages()).isEqualTo(job.messages());
        assertThat(merged.functions().keySet()).containsExactlyInAnyOrderElementsOf(own.keySet());
        for (Map.Entry<String, long[]> f : own.entrySet()) {
            Profile.Entry e = merged.functions().get(f.getKey());
            assertThat(e.total().calls()).as(f.getKey()).isEqualTo(f.getValue()[0]);
            assertThat(e.total().timeNs()).as(f.getKey()).isEqualTo(f.getValue()[1]);
        }

        // One line per rank, each with that rank's calls of MPI_ALLTOALL and MPI_SEND.
        Pattern rankOf = Pattern.compile("^\\{\"rank\":(\\d+),");
        List<Integer> order = new ArrayList<>();
        long alltoall = 0;
        try (BufferedReader in = Files.newBufferedReader(dir.resolve("profile-ranks.jsonl"))) {
            JsonNode header = JsonNode.parse(in.readLine());
            assertThat(header.get("ranks").asLong()).isEqualTo(RANKS);
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                Matcher m = rankOf.matcher(line);
                assertThat(m.find()).as(line).isTrue();
                int r = Integer.parseInt(m.group(1));
                order.add(r);
                if (r % 4099 == 0) { // a sample parsed in full
                    JsonNode functions = JsonNode.parse(line).get("functions");
                    RankProfile p = job.rank(r);
                    for (Map.Entry<String, CallStats> f : p.functions().entrySet()) {
                        assertThat(functions.get(f.getKey()).elements().get(0).asLong())
                                .as("rank %d %s", r, f.getKey())
                                .isEqualTo(f.getValue().calls());
                    }
                }
                alltoall += callsOf(line, "MPI_ALLTOALL");
            }
        }
        assertThat(order).hasSize(RANKS);
        for (int r = 0; r < RANKS; r++) {
            assertThat(order.get(r)).isEqualTo(r);
        }
        assertThat(alltoall).isEqualTo(own.get("MPI_ALLTOALL")[0]);

        String report = Files.readString(dir.resolve("report.txt"));
        String mostLoaded = report.substring(report.indexOf("most loaded ranks"));
        assertThat(mostLoaded.lines().skip(2).findFirst().orElseThrow().trim())
                .as("first row of the most loaded ranks")
                .startsWith(job.mostLoadedRank() + " ");
    }

    /** The calls of {@code function} in one line of profile-ranks.jsonl, without parsing it all. */
    private static long callsOf(String line, String function) {
        String key = "\"" + function + "\":[";
        int at = line.indexOf(key);
        if (at < 0) {
            return 0;
        }
        int from = at + key.length();
        return Long.parseLong(line.substring(from, line.indexOf(',', from)));
    }
}
