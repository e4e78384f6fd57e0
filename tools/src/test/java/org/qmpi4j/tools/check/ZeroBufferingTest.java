package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.formats.check.FindingSite;

/**
 * The cycle logic of {@code buffering_deadlock}, without MPI: each rank's {@link ZeroBuffering}
 * driven as the checker drives it (a send's point and the receives posted before it go into its
 * signature; a receive records what its rank had sent; the two meet at the receiver), and the
 * steps of longer cycles joined as rank 0 joins them ({@link SendCycles}).
 */
class ZeroBufferingTest {
    private static final CallingAddress SITE = new CallingAddress("App", "main", "App.java", 20);

    /** A blocking send's signature: its point and the receives its sender had posted from the destination. */
    private static long[] send(ZeroBuffering from, int to, MpiFunction f) {
        long point = from.sent(to, f, SITE, 4);
        return new long[] {from.rank(), point, point < 0 ? 0 : from.postedFrom(to)};
    }

    private static ZeroBuffering.Before receive(ZeroBuffering at, int from) {
        at.posted(from, false);
        ZeroBuffering.Before b = new ZeroBuffering.Before();
        at.before(b, from);
        return b;
    }

    private static boolean meet(ZeroBuffering receiver, ZeroBuffering.Before b, long[] signature) {
        return receiver.cycleWith(b, (int) signature[0], signature[1], (int) signature[2]);
    }

    @Test
    void bothRanksSendingBeforeTheyReceiveWaitForEachOther() {
        ZeroBuffering r0 = new ZeroBuffering(0, 2, true);
        ZeroBuffering r1 = new ZeroBuffering(1, 2, true);
        long[] s0 = send(r0, 1, MpiFunction.MPI_SEND);
        long[] s1 = send(r1, 0, MpiFunction.MPI_SEND);
        ZeroBuffering.Before b0 = receive(r0, 1);
        ZeroBuffering.Before b1 = receive(r1, 0);

        assertThat(meet(r0, b0, s1)).isTrue();
        assertThat(meet(r1, b1, s0)).isTrue();
        assertThat(b0.toSourceSite).isSameAs(SITE);
    }

    @Test
    void aRankWhoseThreadsCallMpiAtOnceDecidesNothing() {
        ZeroBuffering r0 = new ZeroBuffering(0, 2, false); // MPI_THREAD_MULTIPLE
        ZeroBuffering r1 = new ZeroBuffering(1, 2, true);
        long[] s0 = send(r0, 1, MpiFunction.MPI_SEND);
        long[] s1 = send(r1, 0, MpiFunction.MPI_SEND);
        ZeroBuffering.Before b0 = receive(r0, 1);
        ZeroBuffering.Before b1 = receive(r1, 0);

        assertThat(s0[1]).isEqualTo(-1);
        assertThat(meet(r0, b0, s1)).isFalse();
        assertThat(meet(r1, b1, s0)).isFalse();
    }

    @Test
    void oneSynchronousSideIsStillACycleWithNoBuffering() {
        ZeroBuffering r0 = new ZeroBuffering(0, 2, true);
        ZeroBuffering r1 = new ZeroBuffering(1, 2, true);
        long[] s0 = send(r0, 1, MpiFunction.MPI_SSEND);
        send(r1, 0, MpiFunction.MPI_SEND);
        ZeroBuffering.Before b1 = receive(r1, 0);

        assertThat(meet(r1, b1, s0)).isTrue();
    }

    @Test
    void aRankThatReceivesFirstBreaksTheCycle() {
        ZeroBuffering r0 = new ZeroBuffering(0, 2, true);
        ZeroBuffering r1 = new ZeroBuffering(1, 2, true);
        long[] s0 = send(r0, 1, MpiFunction.MPI_SSEND);
        ZeroBuffering.Before b1 = receive(r1, 0);
        long[] s1 = send(r1, 0, MpiFunction.MPI_SSEND);
        ZeroBuffering.Before b0 = receive(r0, 1);

        assertThat(meet(r1, b1, s0)).isFalse();
        assertThat(meet(r0, b0, s1)).isFalse();
    }

    @Test
    void aReceivePostedBeforeTheSendOrANonblockingSendIsNoCycle() {
        ZeroBuffering r0 = new ZeroBuffering(0, 2, true);
        ZeroBuffering r1 = new ZeroBuffering(1, 2, true);
        // rank 0: irecv, send, wait; rank 1: isend, recv, wait
        ZeroBuffering.Before b0 = receive(r0, 1);
        long[] s0 = send(r0, 1, MpiFunction.MPI_SEND);
        long[] s1 = send(r1, 0, MpiFunction.MPI_ISEND);
        ZeroBuffering.Before b1 = receive(r1, 0);

        assertThat(s1[1]).isEqualTo(-1);
        assertThat(meet(r0, b0, s1)).isFalse();
        assertThat(meet(r1, b1, s0)).isFalse();
    }

    @Test
    void aWildcardReceiveCountsForEverySender() {
        ZeroBuffering r0 = new ZeroBuffering(0, 2, true);
        ZeroBuffering r1 = new ZeroBuffering(1, 2, true);
        r0.posted(-1, true); // MPI_ANY_SOURCE, before its send
        ZeroBuffering.Before b0 = new ZeroBuffering.Before();
        r0.before(b0, -1);
        long[] s0 = send(r0, 1, MpiFunction.MPI_SEND);
        long[] s1 = send(r1, 0, MpiFunction.MPI_SEND);
        ZeroBuffering.Before b1 = receive(r1, 0);

        assertThat(s0[2]).isEqualTo(1);
        assertThat(meet(r1, b1, s0)).isFalse();
        assertThat(meet(r0, b0, s1)).isFalse();
    }

    @Test
    void aRingOfThreeIsJoinedAtRankZeroAndAnOpenChainIsNot() {
        List<ZeroBuffering> ranks = ring(3);
        List<SendEdges.Edge> edges = new ArrayList<>();
        for (ZeroBuffering r : ranks) {
            edges.addAll(SendEdges.parse(r.edges().text()));
        }
        assertThat(edges).hasSize(3);

        List<List<SendEdges.Edge>> cycles = SendCycles.find(edges, 3);
        assertThat(cycles).singleElement().satisfies(c -> {
            assertThat(c).extracting(e -> e.rank).containsExactly(0, 1, 2);
            assertThat(c).extracting(e -> e.dest).containsExactly(1, 2, 0);
            assertThat(c).extracting(e -> e.site.line()).containsOnly(20);
        });
        assertThat(SendCycles.find(edges.subList(0, 2), 3)).isEmpty();
    }

    @Test
    void aRingWhereOneRankReceivesFirstHasNoCycle() {
        int n = 4;
        List<ZeroBuffering> ranks = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            ranks.add(new ZeroBuffering(r, n, true));
        }
        long[][] sig = new long[n][];
        ZeroBuffering.Before[] before = new ZeroBuffering.Before[n];
        for (int r = 0; r < n; r++) { // even ranks send first, odd ones receive first
            if (r % 2 == 0) {
                sig[r] = send(ranks.get(r), (r + 1) % n, MpiFunction.MPI_SEND);
                before[r] = receive(ranks.get(r), (r + n - 1) % n);
            } else {
                before[r] = receive(ranks.get(r), (r + n - 1) % n);
                sig[r] = send(ranks.get(r), (r + 1) % n, MpiFunction.MPI_SEND);
            }
        }
        List<SendEdges.Edge> edges = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            assertThat(meet(ranks.get(r), before[r], sig[(r + n - 1) % n])).isFalse();
            edges.addAll(SendEdges.parse(ranks.get(r).edges().text()));
        }
        assertThat(SendCycles.find(edges, n)).isEmpty();
    }

    @Test
    void aRingRepeatedInALoopIsOneCycleFromItsLastRounds() {
        int n = 3;
        List<ZeroBuffering> ranks = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            ranks.add(new ZeroBuffering(r, n, true));
        }
        for (int round = 0; round < 200; round++) {
            step(ranks);
        }
        List<SendEdges.Edge> edges = new ArrayList<>();
        for (ZeroBuffering r : ranks) {
            assertThat(r.edges().size()).isEqualTo(SendEdges.KEPT);
            edges.addAll(SendEdges.parse(r.edges().text()));
        }
        // every round is a cycle of the same three sends; rank 0 reports them as one finding (same sites)
        assertThat(SendCycles.find(edges, n))
                .isNotEmpty()
                .allSatisfy(c -> assertThat(c).extracting(e -> e.rank).containsExactly(0, 1, 2));
    }

    @Test
    void theStepsSurviveTheirTextWithOddSites() {
        SendEdges edges = new SendEdges(2);
        edges.add(1, 7, 2, 9, 0, MpiFunction.MPI_SSEND, 4096, new CallingAddress("a\tb", "m", null, 3));
        edges.add(1, 8, 2, 10, 0, MpiFunction.MPI_SEND, 1, null);
        edges.add(1, 9, 2, 11, 0, MpiFunction.MPI_SEND, 2, SITE);
        List<SendEdges.Edge> read = SendEdges.parse(edges.text());
        assertThat(read).extracting(e -> e.point).containsExactly(10L, 11L);
        FindingSite unknown = read.get(0).site;
        assertThat(unknown.className()).isEqualTo("(unknown)");
        assertThat(unknown.line()).isEqualTo(-1);
        assertThat(read.get(1).bytes).isEqualTo(2);
    }

    /** Every rank of a ring sends right, then receives from the left; returns the ranks after they met. */
    private static List<ZeroBuffering> ring(int n) {
        List<ZeroBuffering> ranks = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            ranks.add(new ZeroBuffering(r, n, true));
        }
        step(ranks);
        return ranks;
    }

    private static void step(List<ZeroBuffering> ranks) {
        int n = ranks.size();
        long[][] sig = new long[n][];
        ZeroBuffering.Before[] before = new ZeroBuffering.Before[n];
        for (int r = 0; r < n; r++) {
            sig[r] = send(ranks.get(r), (r + 1) % n, MpiFunction.MPI_SEND);
        }
        for (int r = 0; r < n; r++) {
            before[r] = receive(ranks.get(r), (r + n - 1) % n);
        }
        for (int r = 0; r < n; r++) {
            assertThat(meet(ranks.get(r), before[r], sig[(r + n - 1) % n]))
                    .as("no two-rank cycle in a ring of %d", n)
                    .isFalse();
        }
    }
}
