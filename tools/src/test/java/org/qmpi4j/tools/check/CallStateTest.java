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
                new PendingRequests.Pending(
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
}
