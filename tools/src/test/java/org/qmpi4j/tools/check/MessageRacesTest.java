package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;

/**
 * The race logic of {@code message_race} without MPI: one rank's {@link MessageRaces}, its clock
 * driven as the signatures and collectives would drive it, the witness and the heuristic. Each case
 * is a corpus program's (docs/corpus.md, category {@code messagerace}) or the reason a race must not
 * be witnessed.
 */
class MessageRacesTest {
    private static final Object WORLD = new Object();
    private static final CallingAddress FIRST = new CallingAddress("App", "main", "App.java", 20);
    private static final CallingAddress SECOND = new CallingAddress("App", "main", "App.java", 22);

    private final MessageRaces races = new MessageRaces(SignatureRecord.MAX);

    /** A wildcard receive at {@code site} completed with the message of {@code from}, tag {@code tag}. */
    private long wildcard(long posting, CallingAddress site, int from, int tag, int wanted, boolean probed) {
        return races.completed(
                WORLD, from, tag, wanted, posting, site, MpiFunction.MPI_RECV, site, Object.class, probed);
    }

    @Test
    void twoSitesAndAnEarlySendAreARace() {
        // WildcardOrderAssumed: ranks 1 and 2 send at their clock 1; rank 0 receives at lines 20 and 22
        long r1 = races.posting();
        wildcard(r1, FIRST, 1, 0, 0, false);
        races.joined(1, false);
        long r2 = races.posting();
        int found = races.witness(WORLD, 2, 0, r2, SECOND, 1, false);
        assertThat(found).isNotNegative();
        assertThat(found % 4).isEqualTo(MessageRaces.DIFFERENT_SITE);
        assertThat(races.site(found / 4)).isEqualTo(FIRST);
        assertThat(races.source(found / 4)).isEqualTo(1);
        // one finding per wildcard receive
        assertThat(races.witness(WORLD, 2, 0, r2, SECOND, 1, false)).isNegative();
    }

    @Test
    void theSameSiteAndTagIsNoRace() {
        // WildcardSum, WildcardUsesStatus, MasterWorkerWildcard: one site in a loop, one tag
        long r1 = races.posting();
        wildcard(r1, FIRST, 1, 0, 0, false);
        long r2 = races.posting();
        assertThat(races.witness(WORLD, 2, 0, r2, FIRST, 1, false)).isNegative();
    }

    @Test
    void anyTagWithDifferentTagsAtOneSiteIsARace() {
        // WildcardAnyTagOrder: ranks 1 and 2 send with their rank as the tag
        long r1 = races.posting();
        wildcard(r1, FIRST, 1, 1, MessageRaces.ANY_TAG, false);
        long r2 = races.posting();
        int found = races.witness(WORLD, 2, 2, r2, FIRST, 1, false);
        assertThat(found % 4).isEqualTo(MessageRaces.DIFFERENT_TAG);
    }

    @Test
    void aReceiveRightAfterAProbeOfAnySourceIsARaceAtOneSite() {
        // ProbeThenSpecificRecvRace
        long r1 = races.posting();
        wildcard(r1, FIRST, 1, 0, 0, true);
        long r2 = races.posting();
        assertThat(races.witness(WORLD, 2, 0, r2, FIRST, 1, false) % 4).isEqualTo(MessageRaces.AFTER_PROBE);
    }

    @Test
    void aTagTheReceiveDoesNotTakeIsNoRace() {
        // WildcardDistinctTags: the receive of tag 2 could never take rank 1's message of tag 1
        long r1 = races.posting();
        wildcard(r1, FIRST, 2, 2, 2, false);
        long r2 = races.posting();
        assertThat(races.witness(WORLD, 1, 1, r2, SECOND, 1, false)).isNegative();
    }

    @Test
    void aMessageSentAfterTheReceiveIsNoRace() {
        // rank 0 receives rank 1's message (clock 1), then tells rank 2, whose answer (clock 4) follows it
        long r1 = races.posting();
        wildcard(r1, FIRST, 1, 0, 0, false);
        races.joined(1, false);
        long sent = races.sent(); // to rank 2: rank 2 joins it and answers at sent + 2
        long r2 = races.posting();
        assertThat(races.witness(WORLD, 2, 0, r2, SECOND, sent + 2, false)).isNegative();
    }

    @Test
    void aBlockingCollectiveOrdersTheRanks() {
        // rank 0 receives (clock 1), a barrier joins every rank's clock, then rank 2 sends: not a race
        long r1 = races.posting();
        wildcard(r1, FIRST, 1, 0, 0, false);
        long before = races.clock();
        races.met(Math.max(before, 1)); // the largest clock of the barrier's ranks
        long rank2 = races.clock(); // rank 2 met the same maximum: its send's clock is above it
        long r2 = races.posting();
        assertThat(races.witness(WORLD, 2, 0, r2, SECOND, rank2 + 1, false)).isNegative();
    }

    @Test
    void anUnsureSenderNeverWitnessesAndMakesTheReceiverUnsure() {
        long r1 = races.posting();
        wildcard(r1, FIRST, 1, 0, 0, false);
        long r2 = races.posting();
        assertThat(races.witness(WORLD, 2, 0, r2, SECOND, 1, true)).isNegative();
        assertThat(races.unsure()).isFalse();
        races.joined(1, true);
        assertThat(races.unsure()).isTrue();
    }

    @Test
    void aSignatureStillAwaitedMakesTheSendsUnsureUntilItComes() {
        races.waiting(1);
        assertThat(races.unsure()).isTrue();
        races.waiting(-1);
        assertThat(races.unsure()).isFalse();
        races.lost();
        assertThat(races.unsure()).isTrue();
    }

    @Test
    void aMessageTakenByAReceivePostedEarlierCouldNotHaveMatched() {
        // an iRecv from rank 2 posted before the wildcard takes rank 2's message: no race
        long early = races.posting();
        long r1 = races.posting();
        wildcard(r1, FIRST, 1, 0, 0, false);
        assertThat(races.witness(WORLD, 2, 0, early, SECOND, 1, false)).isNegative();
    }

    @Test
    void anotherCommunicatorIsNoRace() {
        long r1 = races.posting();
        wildcard(r1, FIRST, 1, 0, 0, false);
        long r2 = races.posting();
        assertThat(races.witness(new Object(), 2, 0, r2, SECOND, 1, false)).isNegative();
    }

    @Test
    void onlyTheNewestReceivesAreKept() {
        long first = races.posting();
        wildcard(first, FIRST, 1, 0, 0, false);
        for (int i = 0; i < MessageRaces.KEPT; i++) {
            wildcard(races.posting(), SECOND, 2, 5, 5, false);
        }
        assertThat(races.witness(WORLD, 2, 0, races.posting(), SECOND, 1, false))
                .isNegative();
    }

    @Test
    void oneSidedCallsAndFilesLoseTheClock() {
        assertThat(MessageRaces.unclocked(MpiFunction.MPI_WIN_FENCE)).isTrue();
        assertThat(MessageRaces.unclocked(MpiFunction.MPI_SEND)).isFalse();
        assertThat(MessageRaces.unclocked(MpiFunction.MPI_BARRIER)).isFalse();
    }
}
