package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.formats.check.Finding;

class RacedDeadlockTest {
    private static BlockedCall blocked(int rank, String function, int peer, int tag, int line) {
        BlockedCall s = new BlockedCall();
        s.rank = rank;
        s.inside = true;
        BlockedCall.Call c = new BlockedCall.Call();
        c.function = function;
        c.className = "a.App";
        c.method = "main";
        c.file = "App.java";
        c.line = line;
        c.peer = peer;
        c.tag = tag;
        c.comm = "MPI_COMM_WORLD";
        s.call = c;
        return s;
    }

    /** Rank 0's wildcard receive (line 19, of {@code tagWanted}) took rank 2's message. */
    private static BlockedCall.Call tookFromTwo(int tagWanted) {
        BlockedCall.Call w = new BlockedCall.Call();
        w.function = "MPI_RECV";
        w.className = "a.App";
        w.method = "main";
        w.file = "App.java";
        w.line = 19;
        w.tag = tagWanted;
        w.clock = 3; // rank 2's signature joined (2), then the receive completed (3)
        return w;
    }

    /**
     * The corpus's WildcardThenNamed gone the wrong way: rank 0's wildcard receive took rank 2's
     * message, its receive from rank 2 waits for ever, and rank 1 is blocked sending to rank 0.
     */
    private static BlockedCall[] wildcardThenNamed(int tagWanted, int rankOnesTag) throws Exception {
        BlockedCall[] ranks = {
            blocked(0, "MPI_RECV", 2, 0, 20),
            blocked(1, "MPI_SEND", 0, rankOnesTag, 22),
            blocked(2, "MPI_FINALIZE", -2, 0, 24)
        };
        Objects.requireNonNull(ranks[0].call).took = tookFromTwo(tagWanted);
        for (BlockedCall b : ranks) {
            b.clock = 1; // each sent one signature
        }
        for (int r = 0; r < ranks.length; r++) { // through the wire format, as rank 0 receives the states
            ranks[r] = BlockedCall.parse(ranks[r].toJson());
        }
        return ranks;
    }

    /** As the watch asks: every rank deadlocked, every rank's last state the same. */
    private static List<Finding> explain(BlockedCall[] ranks) {
        return RacedDeadlock.explain(ranks, ranks);
    }

    /**
     * Ranks 0 and 2 deadlocked on their own (rank 0's receive waits for rank 2, in MPI_Finalize):
     * the sender blocked beside them, not in the watch's finding, is read from the last states.
     */
    @Test
    void theBlockedSenderNeedNotBeAmongTheDeadlockedRanks() throws Exception {
        BlockedCall[] latest = wildcardThenNamed(MessageRaces.ANY_TAG, 0);
        BlockedCall[] deadlocked = {latest[0], null, latest[2]};
        assertThat(RacedDeadlock.explain(deadlocked, latest)).hasSize(1);
        latest[1].inside = false; // rank 1 not (yet) in its send
        assertThat(RacedDeadlock.explain(deadlocked, latest)).isEmpty();
    }

    @Test
    void aWildcardThatTookTheMessageANamedReceiveWaitsForIsTheRaceBehindTheDeadlock() throws Exception {
        List<Finding> found = explain(wildcardThenNamed(MessageRaces.ANY_TAG, 0));

        assertThat(found).hasSize(1);
        Finding f = found.get(0);
        assertThat(f.rule()).isEqualTo("message_race");
        assertThat(f.sites())
                .extracting(s -> s.rank() + ":" + s.function() + ":" + s.line())
                .containsExactly("0:MPI_RECV:19", "1:MPI_SEND:22", "0:MPI_RECV:20");
        assertThat(f.message())
                .contains("took rank 2's message, but rank 1's message (tag 0) could have been taken instead")
                .contains("the MPI_RECV from rank 2 (line 20) waits for a message rank 2 already sent");
    }

    @Test
    void aSendTheWildcardCouldNotHaveTakenIsNoRace() throws Exception {
        assertThat(explain(wildcardThenNamed(5, 6))).isEmpty();
        assertThat(explain(wildcardThenNamed(6, 6))).hasSize(1);
    }

    @Test
    void aSendTheWildcardReceiveMayHaveCausedIsNoRace() throws Exception {
        BlockedCall[] ranks = wildcardThenNamed(MessageRaces.ANY_TAG, 0);
        ranks[1].clock = 4; // rank 1 sent after something that came after the wildcard receive
        assertThat(explain(ranks)).isEmpty();
        ranks[1].clock = 1;
        ranks[1].unsure = true; // rank 1's clock is only a lower bound
        assertThat(explain(ranks)).isEmpty();
        ranks[1].unsure = false;
        assertThat(explain(ranks)).hasSize(1);
    }

    @Test
    void aNamedReceiveNoWildcardReceiveCameBeforeIsNoRace() throws Exception {
        BlockedCall[] ranks = wildcardThenNamed(MessageRaces.ANY_TAG, 0);
        Objects.requireNonNull(ranks[0].call).took = null;
        assertThat(explain(ranks)).isEmpty();
    }

    @Test
    void theRacesKeepWhichWildcardReceiveTookARanksMessage() {
        MessageRaces races = new MessageRaces(SignatureRecord.MAX);
        Object comm = new Object();
        CallingAddress first = new CallingAddress("a.App", "main", "App.java", 19);
        CallingAddress later = new CallingAddress("a.App", "main", "App.java", 30);
        races.completed(
                comm, 2, 0, MessageRaces.ANY_TAG, races.posting(), first, MpiFunction.MPI_RECV, first, null, false);
        races.completed(comm, 1, 3, 3, races.posting(), later, MpiFunction.MPI_RECV, later, null, false);

        MessageRaces.Took t = Objects.requireNonNull(races.tookFrom(comm, 2));
        assertThat(t.site).isEqualTo(first);
        assertThat(t.tagWanted).isEqualTo(MessageRaces.ANY_TAG);
        assertThat(t.at).isEqualTo(1);
        assertThat(Objects.requireNonNull(races.tookFrom(comm, 1)).site).isEqualTo(later);
        assertThat(races.tookFrom(comm, 0)).isNull();
        assertThat(races.tookFrom(new Object(), 2)).isNull();
    }
}
