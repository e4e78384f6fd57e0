package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * What {@code buffering_deadlock} says (every send of the cycle, and the size at which it hangs
 * where the MPI says), and the attached buffer of buffered sends as {@code invalid_argument} reads it.
 */
class BufferingFindingsTest {
    private static BufferingDeadlocks.Send send(int rank, String function, int dest, long bytes) {
        return new BufferingDeadlocks.Send(
                new FindingSite(rank, function, "App", "main", "App.java", 20 + rank), dest, bytes);
    }

    @Test
    void aRingNamesEverySendAndTheSizeAtWhichItHangs() {
        String m = BufferingDeadlocks.message(
                List.of(send(0, "MPI_SEND", 1, 4), send(1, "MPI_SEND", 2, 64), send(2, "MPI_SSEND", 0, 4)),
                "above 4096 bytes between ranks of one node (btl_vader_eager_limit)");
        assertThat(m)
                .startsWith("rank 0's MPI_SEND (4 bytes) to rank 1, rank 1's MPI_SEND (64 bytes) to rank 2 and rank"
                        + " 2's MPI_SSEND (4 bytes) to rank 0 wait in a cycle")
                .contains("this MPI stops buffering above 4096 bytes between ranks of one node"
                        + " (btl_vader_eager_limit), so it hangs once every standard send of the cycle is that large"
                        + " (the smallest here is 4 bytes)")
                .endsWith("or let one rank of the cycle receive before it sends");
    }

    @Test
    void withoutTheLibrarysLimitsItSaysNoBufferingOnly() {
        String m = BufferingDeadlocks.message(List.of(send(0, "MPI_SEND", 1, 8), send(1, "MPI_SEND", 0, 8)), "");
        assertThat(m)
                .contains(" each wait for a receive")
                .contains("With no buffering (the standard lets a standard send wait for its receive) every rank")
                .doesNotContain("stops buffering");
    }

    @Test
    void aBufferedSendNeedsRoomForItsMessageAndTheOverhead() {
        AttachedBuffer b = new AttachedBuffer(96);
        assertThat(b.problem(4000)).isEqualTo("no buffer attached (MPI_Buffer_attach)");
        b.after(new FakeMpi.Call(MpiFunction.MPI_BUFFER_ATTACH, new CallingAddress("App", "main", null, 1))
                .args((Object) new byte[1024]));
        assertThat(b.problem(4000))
                .isEqualTo("an attached buffer of 1024 bytes, less than its 4000 bytes plus 96 (MPI_BSEND_OVERHEAD)");
        assertThat(b.problem(900)).isNull();
        b.after(new FakeMpi.Call(MpiFunction.MPI_BUFFER_ATTACH, new CallingAddress("App", "main", null, 2))
                .args(ByteBuffer.allocate(1 << 16)));
        assertThat(b.problem(4000)).isNull();
        b.after(new FakeMpi.Call(MpiFunction.MPI_BUFFER_DETACH, new CallingAddress("App", "main", null, 3)));
        assertThat(b.problem(4)).startsWith("no buffer attached");
    }
}
