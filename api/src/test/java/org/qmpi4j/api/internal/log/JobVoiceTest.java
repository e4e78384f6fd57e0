package org.qmpi4j.api.internal.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Lines every rank would print alike: held until the rank is known, then printed by rank 0 only. */
class JobVoiceTest {
    private final List<String> lines = new ArrayList<>();
    private final Log log = Log.lines(lines::add, "qmpi4j:");

    @BeforeEach
    @AfterEach
    void forget() {
        JobVoice.reset();
    }

    @Test
    void heldBeforeMpiInitAndPrintedOnceByRankZero() {
        log.oncePerJob("bad", "setting x: bad");
        log.oncePerJob("bad", "setting x: bad");
        assertThat(lines).as("the rank is not known yet").isEmpty();
        JobVoice.worldRank(0);
        assertThat(lines).containsExactly("qmpi4j: setting x: bad");
        log.oncePerJob("later", "setting y: bad");
        assertThat(lines).containsExactly("qmpi4j: setting x: bad", "qmpi4j: setting y: bad");
        assertThat(log.count("bad")).isEqualTo(2);
    }

    @Test
    void otherRanksSayNothing() {
        log.oncePerJob("bad", "setting x: bad");
        JobVoice.worldRank(3);
        log.oncePerJob("later", "setting y: bad");
        assertThat(lines).isEmpty();
    }

    @Test
    void aJvmOfSeveralRanksSpeaksWhenOneIsRankZero() {
        // MPJ Express multicore: ranks are threads of one JVM and initialise in any order.
        log.oncePerJob("bad", "setting x: bad");
        JobVoice.worldRank(2);
        JobVoice.worldRank(0);
        JobVoice.worldRank(1);
        assertThat(lines).containsExactly("qmpi4j: setting x: bad");
    }

    @Test
    void aRankThatCannotBeLearnedChangesNothing() {
        log.oncePerJob("bad", "setting x: bad");
        JobVoice.worldRank(-1);
        assertThat(lines).isEmpty();
        JobVoice.worldRank(0);
        assertThat(lines).containsExactly("qmpi4j: setting x: bad");
    }

    @Test
    void theLaunchersRankIsReadFromItsEnvironmentWhereItGivesOne() {
        assertThat(JobVoice.launcherRank(java.util.Map.of("OMPI_COMM_WORLD_RANK", "3")))
                .isEqualTo(3);
        assertThat(JobVoice.launcherRank(java.util.Map.of("PMIX_RANK", "0"))).isZero();
        assertThat(JobVoice.launcherRank(java.util.Map.of("PMI_RANK", " 7 "))).isEqualTo(7);
        assertThat(JobVoice.launcherRank(java.util.Map.of("PMI_RANK", "x"))).isEqualTo(-1);
        assertThat(JobVoice.launcherRank(java.util.Map.of("HOME", "/root"))).isEqualTo(-1);
    }

    @Test
    void aSpawnedWorldsRankZeroLeavesThemToTheJobsFirstWorld() {
        log.oncePerJob("bad", "setting x: bad");
        JobVoice.worldRank(0, java.util.Map.of("OMPI_PARENT_PORT", "123.0:456"));
        log.oncePerJob("later", "setting y: bad");
        assertThat(lines).isEmpty();
    }
}
