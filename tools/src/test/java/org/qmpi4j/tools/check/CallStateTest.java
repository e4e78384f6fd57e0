package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * What the deadlock watch learns of a rank blocked in a wait, from the rank's activity and its
 * pending requests, and what the detector then decides. The case is Open MPI's own Java test
 * {@code dynamic/NoDisconnect}: every rank of the job spawns a child, posts {@code iRecv(ANY_SOURCE,
 * ANY_TAG)} on the intercommunicator to it and waits in {@code waitAll}; the children spawn
 * children of their own and answer later than the deadlock timeout.
 */
class CallStateTest {
    private static final long SECOND = 1_000_000_000L;
    private static final CallingAddress IRECV = new CallingAddress("NoDisconnect", "main", "NoDisconnect.java", 145);
    private static final CallingAddress WAITALL = new CallingAddress("NoDisconnect", "main", "NoDisconnect.java", 151);

    /** Rank {@code rank} blocked in {@code waitAll} on one wildcard receive on a communicator reaching another world or not. */
    private static BlockedCall waitingForWildcardReceive(int rank, boolean otherWorld) {
        PendingRequests requests = new PendingRequests();
        Object request = new Object();
        requests.started(
                request,
                new PendingRequests.Pending()
                        .set(
                                MpiFunction.MPI_IRECV,
                                IRECV,
                                -1, // ANY_SOURCE: no world peer
                                -1,
                                otherWorld ? "an intercommunicator to another world" : "an intercommunicator",
                                null,
                                0,
                                0,
                                BufferChecksum.NONE,
                                otherWorld));
        Activity a = new Activity();
        a.enter(
                new FakeMpi.Call(MpiFunction.MPI_WAITALL, WAITALL).returned(new Object[] {request}, null),
                Thread.currentThread());
        return CallState.of(rank, a, null, requests);
    }

    /** Both ranks' states, sent to rank 0's watch (as JSON) at time 0 and again 10 s later with no progress. */
    private static @Nullable BlockedCall[] judge(boolean otherWorld) throws Exception {
        DeadlockDetector d = new DeadlockDetector(2, 3, 500);
        d.connected(0, 0);
        d.connected(1, 0);
        for (long at : new long[] {0, 10 * SECOND}) {
            for (int r = 0; r < 2; r++) {
                d.state(
                        r,
                        BlockedCall.parse(
                                waitingForWildcardReceive(r, otherWorld).toJson()),
                        at);
            }
        }
        return d.deadlocked(10 * SECOND);
    }

    @Test
    void aWaitForAWildcardReceiveFromAnotherWorldWaitsOnThatWorld() {
        BlockedCall s = waitingForWildcardReceive(0, true);
        assertThat(Objects.requireNonNull(s.call).function).isEqualTo("MPI_WAITALL");
        assertThat(s.waits).hasSize(1);
        assertThat(s.waits.get(0).function).isEqualTo("MPI_IRECV");
        assertThat(s.waits.get(0).line).isEqualTo(145);
        assertThat(s.waits.get(0).peer).isEqualTo(-1);
        assertThat(s.waits.get(0).otherWorld).isTrue();
        assertThat(s.waitsOnOtherWorld()).isTrue();
    }

    @Test
    void ranksWaitingForWildcardReceivesFromTheirChildrenAreNotDeadlocked() throws Exception {
        assertThat(judge(true)).isNull();
    }

    @Test
    void theSameWaitsWithinThisWorldAreADeadlock() throws Exception {
        // The control: on a communicator of this world nobody else could send, so both ranks are reported.
        assertThat(waitingForWildcardReceive(0, false).waitsOnOtherWorld()).isFalse();
        BlockedCall[] found = Objects.requireNonNull(judge(false), "a deadlock");
        assertThat(Objects.requireNonNull(found[0].call).function).isEqualTo("MPI_WAITALL");
        assertThat(Objects.requireNonNull(found[1].call).function).isEqualTo("MPI_WAITALL");
    }

    /**
     * Two ranks in {@code MPI_RECV} from each other, quiet for 10 s, are deadlocked; but not while
     * one of them is in the checker's own work inside its receive (opening the library's MPI_T for
     * a {@code buffering_deadlock} finding took over 2 s on a loaded machine, and the watch ended a
     * job that was about to go on), and the end of that work counts as progress.
     */
    @Test
    void aRankInTheCheckersOwnWorkIsNotBlockedInMpi() throws Exception {
        CallingAddress recv = new CallingAddress("SendSendEager16", "main", "SendSendEager16.java", 21);
        Activity[] ranks = {new Activity(), new Activity()};
        for (int r = 0; r < 2; r++) {
            ranks[r].enter(
                    new FakeMpi.Call(MpiFunction.MPI_RECV, recv).peer(1 - r).tag(0), Thread.currentThread());
        }
        assertThat(judgeQuiet(ranks)).as("both waiting in MPI").isNotNull();

        ranks[0].ownWorkStarted();
        assertThat(CallState.of(0, ranks[0], null, new PendingRequests()).inside)
                .isFalse();
        assertThat(judgeQuiet(ranks)).as("rank 0 in the checker's own work").isNull();

        long before = ranks[0].progress();
        ranks[0].ownWorkEnded();
        assertThat(ranks[0].progress()).as("the work's end is progress").isGreaterThan(before);
        assertThat(CallState.of(0, ranks[0], null, new PendingRequests()).inside)
                .isTrue();
    }

    /** The ranks' states at time 0 and 10 s later, as rank 0's watch gets them. */
    private static @Nullable BlockedCall[] judgeQuiet(Activity[] ranks) throws Exception {
        DeadlockDetector d = new DeadlockDetector(ranks.length, 3, 500);
        for (int r = 0; r < ranks.length; r++) {
            d.connected(r, 0);
        }
        for (long at : new long[] {0, 10 * SECOND}) {
            for (int r = 0; r < ranks.length; r++) {
                d.state(
                        r,
                        BlockedCall.parse(CallState.of(r, ranks[r], null, new PendingRequests())
                                .toJson()),
                        at);
            }
        }
        return d.deadlocked(10 * SECOND);
    }
}
