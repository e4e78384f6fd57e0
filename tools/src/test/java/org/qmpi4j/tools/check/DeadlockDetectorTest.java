package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.Nullable;

class DeadlockDetectorTest {
    private static final long SECOND = 1_000_000_000L;

    /** A detector of {@code n} ranks with a 3 s timeout, reports every 0.5 s. */
    private static DeadlockDetector detector(int n) {
        DeadlockDetector d = new DeadlockDetector(n, 3, 500);
        for (int r = 0; r < n; r++) {
            d.connected(r, 0);
        }
        return d;
    }

    private static BlockedCall blocked(int rank, String function, int peer) {
        BlockedCall s = new BlockedCall();
        s.rank = rank;
        s.inside = true;
        s.progress = 5;
        BlockedCall.Call c = new BlockedCall.Call();
        c.function = function;
        c.peer = peer;
        c.tag = 7;
        c.comm = "MPI_COMM_WORLD";
        s.call = c;
        return s;
    }

    private static BlockedCall computing(int rank, long progress) {
        BlockedCall s = new BlockedCall();
        s.rank = rank;
        s.progress = progress;
        return s;
    }

    /** Feeds the states once at time 0 and again at {@code at}; the computing ranks' progress moves. */
    private static @Nullable BlockedCall[] judge(DeadlockDetector d, long at, BlockedCall... states) {
        for (BlockedCall s : states) {
            d.state(s.rank, s, 0);
        }
        for (BlockedCall s : states) {
            BlockedCall again = BlockedCall.class.cast(s);
            if (!s.inside) {
                again = computing(s.rank, s.progress + 1);
            }
            d.state(s.rank, again, at);
        }
        return d.deadlocked(at);
    }

    /** {@link #judge}, where the test expects a deadlock. */
    private static BlockedCall[] deadlock(DeadlockDetector d, long at, BlockedCall... states) {
        return Objects.requireNonNull(judge(d, at, states), "a deadlock");
    }

    private static String ranks(BlockedCall[] found) {
        StringBuilder b = new StringBuilder();
        if (found != null) {
            for (int r = 0; r < found.length; r++) {
                if (found[r] != null) {
                    b.append(r);
                }
            }
        }
        return b.toString();
    }

    @Test
    void twoRanksReceivingFromEachOtherAreDeadlockedWhileTheOthersCompute() {
        BlockedCall[] found = deadlock(
                detector(4),
                4 * SECOND,
                blocked(0, "MPI_RECV", 1),
                blocked(1, "MPI_RECV", 0),
                computing(2, 1),
                computing(3, 1));
        assertThat(ranks(found)).isEqualTo("01");
        assertThat(DeadlockDetector.every(found)).isFalse();
        assertThat(WaitForGraph.explain(found, 3, false).message())
                .startsWith("ranks [0, 1] are blocked in MPI waiting only on one another")
                .contains("Wait-for cycle: 0 -> 1 -> 0");
    }

    @Test
    void aReceiveFromARankThatComputesIsNotADeadlock() {
        BlockedCall[] found = judge(detector(2), 60 * SECOND, blocked(0, "MPI_RECV", 1), computing(1, 1));
        assertThat(found).isNull();
    }

    @Test
    void aWildcardReceiveIsReleasedByAnySenderThatIsNotBlocked() {
        BlockedCall[] found =
                judge(detector(3), 4 * SECOND, blocked(0, "MPI_RECV", 1), blocked(1, "MPI_RECV", -1), computing(2, 1));
        assertThat(found).isNull();
    }

    @Test
    void aWildcardReceiveIsDeadlockedWhenEveryPossibleSenderIs() {
        BlockedCall[] found = judge(
                detector(4),
                4 * SECOND,
                blocked(0, "MPI_RECV", 1),
                blocked(1, "MPI_RECV", -1),
                blocked(2, "MPI_SEND", 1),
                computing(3, 1));
        // Rank 2's send to rank 1 waits on rank 1 only; rank 1 could be released by rank 3.
        assertThat(found).isNull();
        BlockedCall[] all = deadlock(
                detector(3),
                4 * SECOND,
                blocked(0, "MPI_RECV", 1),
                blocked(1, "MPI_RECV", -1),
                blocked(2, "MPI_RECV", 0));
        assertThat(ranks(all)).isEqualTo("012");
        assertThat(DeadlockDetector.every(all)).isTrue();
    }

    @Test
    void nothingIsDeadlockedBeforeTheTimeout() {
        BlockedCall[] found = judge(
                detector(4),
                2 * SECOND,
                blocked(0, "MPI_RECV", 1),
                blocked(1, "MPI_RECV", 0),
                computing(2, 1),
                computing(3, 1));
        assertThat(found).isNull();
    }

    @Test
    void aRankAtThreadMultipleIsJudgedOnlyWhenEveryRankIsBlocked() {
        BlockedCall one = blocked(1, "MPI_RECV", 0);
        one.multiple = true;
        BlockedCall[] found = judge(detector(3), 4 * SECOND, blocked(0, "MPI_RECV", 1), one, computing(2, 1));
        assertThat(found).isNull();
    }

    @Test
    void aRankLongInFinalizeAfterTheOthersFinishedIsNotADeadlock() {
        DeadlockDetector d = detector(2);
        judge(d, 0, computing(1, 1));
        d.closed(1);
        BlockedCall[] found = judge(d, 4 * SECOND, blocked(0, "MPI_FINALIZE", -2));
        assertThat(found).isNull();
    }

    @Test
    void aReceiveFromARankThatFinishedIsADeadlock() {
        DeadlockDetector d = detector(3);
        judge(d, 0, computing(1, 1), computing(2, 1));
        d.closed(1);
        BlockedCall[] found = deadlock(d, 4 * SECOND, blocked(0, "MPI_RECV", 1), computing(2, 2));
        assertThat(ranks(found)).isEqualTo("0");
    }

    @Test
    void aRankWaitingOnAnotherWorldIsNotBlockedNorAreThoseWaitingForIt() throws Exception {
        // Rank 0 waits for its spawned child, which answers after the timeout; rank 1 waits for rank 0.
        BlockedCall parent = blocked(0, "MPI_RECV", Communicators.OTHER_WORLD);
        Objects.requireNonNull(parent.call).otherWorld = true;
        parent = BlockedCall.parse(parent.toJson()); // as rank 0's watch receives it
        BlockedCall[] found = judge(detector(2), 10 * SECOND, parent, blocked(1, "MPI_RECV", 0));
        assertThat(found).isNull();
    }

    @Test
    void aWaitForARequestOnAnotherWorldIsNotBlocked() {
        BlockedCall parent = blocked(0, "MPI_WAIT", -2);
        BlockedCall.Call request = new BlockedCall.Call();
        request.function = "MPI_IRECV";
        request.peer = Communicators.OTHER_WORLD;
        request.otherWorld = true;
        parent.waits.add(request);
        BlockedCall[] found = judge(detector(2), 10 * SECOND, parent, blocked(1, "MPI_RECV", 0));
        assertThat(found).isNull();
    }
}
