package org.qmpi4j.cli;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.formats.worlds.WorldIndex;
import org.qmpi4j.formats.worlds.WorldRecord;

class JobEndingTest {
    @Test
    void theEarliestRecordedFailureGivesTheStatusWhateverTheLauncherSaid(@TempDir Path dir) throws Exception {
        world(dir, "exited");
        Files.createDirectories(ResultFiles.ranksDir(dir));
        Files.writeString(
                ResultFiles.rankFailure(dir, 3),
                RankFailure.abort(3, 7, "A.main(A.java:9)", 200, "n").toJson());
        Files.writeString(
                ResultFiles.rankFailure(dir, 1),
                RankFailure.abort(1, 5, "A.main(A.java:8)", 100, "n").toJson());

        JobEnding ending = JobEnding.of(dir, 0);

        assertThat(ending.status()).isEqualTo(5);
        assertThat(requireNonNull(ending.first()).rank()).isEqualTo(1);
        assertThat(ending.notes().get(0))
                .startsWith("first failure: rank 1 called MPI_Abort(5) at A.main(A.java:8), ")
                .endsWith("(exit status 5; the launcher's: 0)");
        assertThat(state(dir))
                .as("an exit hook's 'exited' gives way to what the ranks recorded")
                .isEqualTo("aborted");
    }

    @Test
    void withoutARecordTheLaunchersStatusStandsAndAWorldNobodyEndedIsSettled(@TempDir Path dir) throws Exception {
        world(dir, WorldIndex.RUNNING);
        assertThat(JobEnding.of(dir, 143).status()).isEqualTo(143);
        assertThat(state(dir)).isEqualTo(WorldIndex.ENDED);
    }

    @Test
    void aRankThatNeverCameBackFromMpiInAFailedJobIsAnMpiError(@TempDir Path dir) throws Exception {
        world(dir, WorldIndex.RUNNING);
        Files.createDirectories(ResultFiles.ranksDir(dir));
        Files.writeString(ResultFiles.rankProfile(dir, 0), "{\"state\": \"running\"}");
        Files.writeString(ResultFiles.rankProfile(dir, 1), "{\"state\": \"exited\"}");
        assertThat(JobEnding.of(dir, 6).status()).isEqualTo(6);
        assertThat(state(dir)).isEqualTo(WorldIndex.MPI_ERROR);
    }

    @Test
    void aFinalizedWorldStaysFinalized(@TempDir Path dir) throws Exception {
        world(dir, "finalized");
        assertThat(JobEnding.of(dir, 0).status()).isZero();
        assertThat(state(dir)).isEqualTo("finalized");
    }

    private static void world(Path dir, String state) throws Exception {
        WorldRecord r = new WorldRecord();
        r.id = "w1";
        r.folder = ".";
        r.command = "java Main";
        r.ranks = 4;
        r.binding = "openmpi";
        r.host = "n";
        r.state = state;
        Files.writeString(dir.resolve(WorldIndex.WORLD_JSON), r.toJson());
    }

    private static String state(Path dir) throws Exception {
        return WorldRecord.fromJson(Files.readString(dir.resolve(WorldIndex.WORLD_JSON))).state;
    }
}
