package org.qmpi4j.report.waits;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Each rank keeps its last intervals to explain its lateness; all ranks together keep a bounded
 * number, so that a merge of hundreds of thousands of ranks fits its heap: up to 65,536 ranks
 * each keeps 32, beyond that fewer, never fewer than 8.
 */
class RankHistoryTest {
    @Test
    void ranksKeepFewerIntervalsOnlyBeyond65536Ranks() {
        assertThat(RankProgress.historyFor(4)).isEqualTo(RankProgress.HISTORY);
        assertThat(RankProgress.historyFor(65_536)).isEqualTo(32);
        assertThat(RankProgress.historyFor(131_072)).isEqualTo(16);
        assertThat(RankProgress.historyFor(262_144)).isEqualTo(8);
        assertThat(RankProgress.historyFor(1 << 22)).isEqualTo(RankProgress.SHORTEST_HISTORY);
    }

    @Test
    void aRankForgetsItsOldestIntervalBeyondWhatItKeeps() {
        RankProgress p = new RankProgress(0, 8);
        for (int i = 0; i < 20; i++) {
            p.remember(new ComputationSegment(
                    i * 10L, i * 10L + 5, null, null, "MPI_SEND", org.qmpi4j.formats.waits.CallSite.UNKNOWN, null));
        }
        assertThat(p.history).hasSize(8);
        assertThat(p.history.peekFirst().start).as("the oldest kept").isEqualTo(120);
    }
}
