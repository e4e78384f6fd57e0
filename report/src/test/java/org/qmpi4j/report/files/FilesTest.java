package org.qmpi4j.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.RankProfileFormat;
import org.qmpi4j.formats.profile.SampleProfiles;
import org.qmpi4j.report.trace.TraceShards;

class FilesTest {
    @TempDir
    Path dir;

    @Test
    void atomicWriteLeavesNoTemporaryFiles() throws Exception {
        Path f = dir.resolve("a/b.txt");
        AtomicFiles.write(f, "one");
        AtomicFiles.write(f, "two");
        assertThat(Files.readString(f)).isEqualTo("two");
        try (var s = Files.list(f.getParent())) {
            assertThat(s).containsExactly(f);
        }
    }

    @Test
    void readsRankProfilesAndNamesTheBrokenOnes() throws Exception {
        AtomicFiles.write(ResultFiles.rankProfile(dir, 0), RankProfileFormat.write(SampleProfiles.rank(0, 2)));
        AtomicFiles.write(ResultFiles.rankProfile(dir, 1), "{broken");
        AtomicFiles.write(ResultFiles.ranksDir(dir).resolve("unrelated.txt"), "x");
        RankFiles.Profiles p = RankFiles.readProfiles(dir);
        assertThat(p.byRank().keySet()).containsExactly(0);
        assertThat(p.problems())
                .singleElement()
                .asString()
                .contains("rank-1.profile.json")
                .contains("line 1");
    }

    /** A rank killed between creating its shard and its first flush leaves an empty file. */
    @Test
    void anEmptyTraceShardIsARankWithoutTrace() throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        try (org.qmpi4j.formats.trace.TraceFileWriter w = new org.qmpi4j.formats.trace.TraceFileWriter(
                ResultFiles.rankTrace(dir, 0), 0, 2, "openmpi", Long.MAX_VALUE, 1024)) {
            w.defineFunction(0, "MPI_BARRIER");
            w.defineThread(1, "main");
            long none = org.qmpi4j.formats.trace.TraceFormat.NONE;
            w.event(0, 1, 1000L, 500, none, none, 0, none, none, none, none);
        }
        Files.createFile(ResultFiles.rankTrace(dir, 1));
        assertThat(RankFiles.traceRanks(dir)).containsExactly(0);
        var summary = TraceShards.assembleTrace(dir, 2, "openmpi");
        assertThat(summary.missingRanks()).containsExactly(1);
        assertThat(summary.calls()).containsOnlyKeys(0);
    }

    @Test
    void fileNames() {
        assertThat(ResultFiles.rankOfProfile("rank-12.profile.json")).isEqualTo(12);
        assertThat(ResultFiles.rankOfProfile(".rank-1.profile.json.123.tmp")).isEqualTo(-1);
        assertThat(ResultFiles.rankOfTrace("rank-3.trace")).isEqualTo(3);
    }

    /** The hand-written matching accepts exactly what {@code rank-(\d+)<suffix>} did. */
    @Test
    void fileNamesAsTheRegularExpressionsSaid() {
        java.util.regex.Pattern profile = java.util.regex.Pattern.compile("rank-(\\d+)\\.profile\\.json");
        java.util.regex.Pattern trace = java.util.regex.Pattern.compile("rank-(\\d+)\\.trace");
        String[] names = {
            "rank-0.profile.json",
            "rank-007.trace",
            "rank-.profile.json",
            "rank-.trace",
            "rank-1.profile.json.tmp",
            "xrank-1.trace",
            "rank-1a.trace",
            "rank--1.trace",
            "rank-+1.trace",
            "rank-\u0661.trace",
            "rank-99999999999.trace",
            "rank-2147483647.profile.json",
            "rank-1.trace.profile.json",
            "rank-1.profile.json.trace",
            "rank-",
            "",
            ".trace",
            "rank-5.tracex"
        };
        for (String n : names) {
            assertThat(ResultFiles.rankOfProfile(n)).as(n).isEqualTo(byPattern(profile, n));
            assertThat(ResultFiles.rankOfTrace(n)).as(n).isEqualTo(byPattern(trace, n));
        }
    }

    private static int byPattern(java.util.regex.Pattern p, String name) {
        java.util.regex.Matcher m = p.matcher(name);
        if (!m.matches()) {
            return -1;
        }
        try {
            return Integer.parseInt(m.group(1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
