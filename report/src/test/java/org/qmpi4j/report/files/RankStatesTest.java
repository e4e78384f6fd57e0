package org.qmpi4j.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.RankRanges;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.RankProfileFormat;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;

/** Which ranks left less than a finished rank, and why, from the files alone. */
class RankStatesTest {
    private static final int SIZE = 8;

    @TempDir
    Path dir;

    private void profile(int rank, RankProfile.State state) throws Exception {
        AtomicFiles.write(
                ResultFiles.rankProfile(dir, rank),
                RankProfileFormat.write(RankProfile.builder(rank, SIZE, "openmpi")
                        .state(state)
                        .appNs(1000)
                        .function("MPI_BARRIER", "COLLECTIVE", new CallStats().add(10, 0, false))
                        .build()));
    }

    private void trace(int rank, boolean ended) throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        try (TraceFileWriter w =
                new TraceFileWriter(ResultFiles.rankTrace(dir, rank), rank, SIZE, "openmpi", Long.MAX_VALUE, 1024)) {
            w.defineFunction(0, "MPI_BARRIER");
            w.defineThread(1, "main");
            long none = TraceFormat.NONE;
            w.event(0, 1, 1000L, 500, none, none, 0, none, none, none, none);
            if (ended) {
                w.end();
            }
        }
    }

    @Test
    void eachMissingOrIncompleteRankIsNamedWithWhatItsFilesTell() throws Exception {
        // 0, 1: finished; 2, 3: killed (files as last written while running); 4, 5: nothing at all
        // (a lost node); 6: exited before MPI_Finalize; 7: finished its profile, but its trace was cut.
        for (int r : new int[] {0, 1, 7}) {
            profile(r, RankProfile.State.FINALIZED);
            trace(r, r != 7);
        }
        for (int r : new int[] {2, 3}) {
            profile(r, RankProfile.State.RUNNING);
            trace(r, false);
        }
        profile(6, RankProfile.State.EXITED);
        // Rank 3 died while renaming a new file into place: its temporary file is left.
        Files.writeString(ResultFiles.ranksDir(dir).resolve(".rank-3.profile.json.77.1a.tmp"), "{\"form");

        List<String> lines = RankStates.describe(dir, SIZE, RankFiles.mergeProfiles(dir), null);

        assertThat(lines)
                .containsExactly(
                        "rank 2: " + RankStates.CUT_OFF,
                        "rank 3: " + RankStates.CUT_OFF + RankStates.WRITE_CUT,
                        "ranks [4, 5]: " + RankStates.NO_FILES,
                        "rank 6: " + RankStates.EXITED,
                        "rank 7: " + RankStates.TRACE_CUT);
    }

    @Test
    void aRankStillRunningWhenTheJobFinalizedHadItsWritesRefused() throws Exception {
        for (int r = 0; r < SIZE; r++) {
            profile(r, r >= 5 ? RankProfile.State.RUNNING : RankProfile.State.FINALIZED);
        }
        assertThat(RankStates.describe(dir, SIZE, RankFiles.mergeProfiles(dir), "finalized"))
                .containsExactly("ranks [5-7]: " + RankStates.REFUSED);
        assertThat(RankStates.describe(dir, SIZE, RankFiles.mergeProfiles(dir), "running"))
                .containsExactly("ranks [5-7]: " + RankStates.CUT_OFF);
    }

    @Test
    void aHalfWrittenProfileIsUnreadableAndSaysWhy() throws Exception {
        for (int r = 0; r < SIZE; r++) {
            profile(r, RankProfile.State.FINALIZED);
        }
        Files.writeString(ResultFiles.rankProfile(dir, 1), "{\"format\": \"qmpi4j-rank-pro");
        assertThat(RankStates.describe(dir, SIZE, RankFiles.mergeProfiles(dir), "finalized"))
                .singleElement()
                .asString()
                .startsWith("rank 1: its profile cannot be read (");
    }

    @Test
    void aJobWhoseRanksAllFinishedHasNothingToSay() throws Exception {
        for (int r = 0; r < SIZE; r++) {
            profile(r, RankProfile.State.FINALIZED);
            trace(r, true);
        }
        assertThat(RankStates.describe(dir, SIZE, RankFiles.mergeProfiles(dir), "finalized"))
                .isEmpty();
    }

    @Test
    void aTraceEndsOnlyWithItsEndLineAsTheLastWholeLine() throws Exception {
        trace(0, true);
        assertThat(RankStates.ended(ResultFiles.rankTrace(dir, 0))).isTrue();
        Files.writeString(ResultFiles.rankTrace(dir, 0), "E 0 1 2", java.nio.file.StandardOpenOption.APPEND);
        assertThat(RankStates.ended(ResultFiles.rankTrace(dir, 0))).isFalse();
        trace(1, false);
        assertThat(RankStates.ended(ResultFiles.rankTrace(dir, 1))).isFalse();
    }

    @Test
    void rankRunsAreShortened() {
        assertThat(RankRanges.of(List.of())).isEqualTo("[]");
        assertThat(RankRanges.of(List.of(4))).isEqualTo("[4]");
        assertThat(RankRanges.of(List.of(4, 5))).isEqualTo("[4, 5]");
        assertThat(RankRanges.of(List.of(0, 1, 2, 3, 8, 10, 11, 12))).isEqualTo("[0-3, 8, 10-12]");
    }
}
