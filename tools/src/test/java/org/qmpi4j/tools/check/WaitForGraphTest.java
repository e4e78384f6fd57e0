package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.check.Finding;

class WaitForGraphTest {
    private static BlockedCall blocked(int rank, String function, int peer, int line) {
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
        c.tag = 7;
        c.comm = "MPI_COMM_WORLD";
        s.call = c;
        return s;
    }

    @Test
    void receivesInACycleAreNamedWithTheCycle() throws Exception {
        BlockedCall[] ranks = {
            blocked(0, "MPI_RECV", 2, 10), blocked(1, "MPI_RECV", 0, 11), blocked(2, "MPI_SEND", 1, 12)
        };
        // Through the wire format, as rank 0 receives the states.
        for (int r = 0; r < ranks.length; r++) {
            ranks[r] = BlockedCall.parse(ranks[r].toJson());
        }
        Finding f = WaitForGraph.explain(ranks, 10);
        assertThat(f.rule()).isEqualTo("deadlock");
        assertThat(f.sites()).extracting(s -> s.rank() + ":" + s.line()).containsExactly("0:10", "1:11", "2:12");
        assertThat(f.message())
                .contains("rank 0 in MPI_RECV from rank 2 tag 7 on MPI_COMM_WORLD at App.main(App.java:10)")
                .contains("rank 2 in MPI_SEND to rank 1 tag 7")
                .contains("Wait-for cycle: 0 -> 2 -> 1 -> 0");
    }

    @Test
    void aCollectiveNamesTheRanksThatNeverEnteredIt() {
        BlockedCall[] ranks = {
            blocked(0, "MPI_BARRIER", -2, 20), blocked(1, "MPI_BARRIER", -2, 20), blocked(2, "MPI_RECV", -1, 30)
        };
        Finding f = WaitForGraph.explain(ranks, 10);
        assertThat(f.message())
                .contains("MPI_BARRIER on MPI_COMM_WORLD at rank 0 is missing rank(s) [2]")
                .contains("rank 2 in MPI_RECV from any rank")
                .contains("Every rank of a communicator must call the same collectives");
    }

    @Test
    void twoIndependentCyclesAreBothNamed() {
        BlockedCall[] ranks = {
            blocked(0, "MPI_RECV", 1, 10),
            blocked(1, "MPI_RECV", 0, 11),
            blocked(2, "MPI_SEND", 3, 12),
            blocked(3, "MPI_SEND", 2, 13)
        };
        Finding f = WaitForGraph.explain(ranks, 10);
        assertThat(f.message()).contains("Wait-for cycles: 0 -> 1 -> 0; 2 -> 3 -> 2");
    }

    @Test
    void receivesWaitingForEachOtherGetAdviceAboutReceivesNotCollectives() {
        // Ranks 0 and 1 receive from each other; ranks 2 to 5 wait for them in a barrier.
        BlockedCall[] ranks = new BlockedCall[6];
        ranks[0] = blocked(0, "MPI_RECV", 1, 10);
        ranks[1] = blocked(1, "MPI_RECV", 0, 11);
        for (int r = 2; r < 6; r++) {
            ranks[r] = blocked(r, "MPI_BARRIER", -2, 20);
        }
        Finding f = WaitForGraph.explain(ranks, 10);
        assertThat(f.message())
                .contains("Wait-for cycle: 0 -> 1 -> 0")
                .contains("MPI_BARRIER on MPI_COMM_WORLD at rank 2 is missing rank(s) [0, 1]")
                .contains("Each rank of the cycle waits to receive before it sends")
                .contains("The ranks in collectives wait for the ranks of the cycle")
                .doesNotContain("must call the same collectives");
    }

    @Test
    void finalizeNamesNoCommunicator() {
        BlockedCall[] ranks = {blocked(0, "MPI_FINALIZE", -2, 40), blocked(1, "MPI_RECV", 0, 41)};
        Objects.requireNonNull(ranks[0].call).comm = "";
        Finding f = WaitForGraph.explain(ranks, 10);
        assertThat(f.message())
                .contains("rank 0 in MPI_FINALIZE, waiting for rank(s) [1] at App.main(App.java:40)")
                .contains("MPI_FINALIZE at rank 0 is missing rank(s) [1]")
                .doesNotContain(" on ,")
                .doesNotContain("on  ");
    }
}
