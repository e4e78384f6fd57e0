package org.qmpi4j.tools.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.tools.testing.FakeMpi;

/** Where a send-receive keeps its receive half's source and tag follows the binding's {@code fact buffers}. */
class MessageRolesTest {
    private static final CallingAddress AT = new CallingAddress("App", "main", "App.java", 1);
    private final Object type = new Object();

    private FakeMpi.Call sendRecv(String binding, Object... args) {
        return new FakeMpi.Call(MpiFunction.MPI_SENDRECV, AT).binding(binding).args(args);
    }

    @Test
    void withoutOffsetsTheSourceFollowsTheReceiveBufferCountAndType() {
        new FakeMpi();
        // Open MPI: (sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag)
        FakeMpi.Call c = sendRecv("openmpi", new int[4], 4, type, 1, 7, new int[4], 4, type, 3, 9);
        assertThat(MessageRoles.sendRecvSourceArgument(c)).isEqualTo(8);
        assertThat(MessageRoles.sendRecvSource(c)).isEqualTo(3);
        assertThat(MessageRoles.sendRecvTag(c)).isEqualTo(9);
        FakeMpi.Call replace = new FakeMpi.Call(MpiFunction.MPI_SENDRECV_REPLACE, AT)
                .binding("openmpi")
                .args(new int[4], 4, type, 1, 7, 2, 5);
        assertThat(MessageRoles.sendRecvSource(replace)).isEqualTo(2);
        assertThat(MessageRoles.sendRecvTag(replace)).isEqualTo(5);
    }

    @Test
    void withOffsetsEachBufferIsFollowedByItsOffset() {
        new FakeMpi();
        // mpiJava 1.2: (sbuf, soff, scount, stype, dest, stag, rbuf, roff, rcount, rtype, source, rtag)
        FakeMpi.Call c = sendRecv("mpj", new int[4], 0, 4, type, 1, 7, new int[4], 0, 4, type, 3, 9);
        assertThat(MessageRoles.sendRecvSourceArgument(c)).isEqualTo(10);
        assertThat(MessageRoles.sendRecvSource(c)).isEqualTo(3);
        assertThat(MessageRoles.sendRecvTag(c)).isEqualTo(9);
        FakeMpi.Call replace = new FakeMpi.Call(MpiFunction.MPI_SENDRECV_REPLACE, AT)
                .binding("mpj")
                .args(new int[4], 0, 4, type, 1, 7, 2, 5);
        assertThat(MessageRoles.sendRecvSource(replace)).isEqualTo(2);
        assertThat(MessageRoles.sendRecvTag(replace)).isEqualTo(5);
    }

    @Test
    void aNewBindingIdIsReadAsItsFactSays() {
        new FakeMpi();
        FakeMpi.describe("roles-new-arrays", "array-offset", "no-op", false);
        FakeMpi.Call c = sendRecv("roles-new-arrays", new int[4], 0, 4, type, 1, 7, new int[4], 0, 4, type, 3, 9);
        assertThat(MessageRoles.sendRecvSource(c)).isEqualTo(3);
        assertThat(MessageRoles.sendRecvTag(c)).isEqualTo(9);
        FakeMpi.describe("roles-new-nio", "nio", "invalidates", true);
        FakeMpi.Call nio = sendRecv("roles-new-nio", new int[4], 4, type, 1, 7, new int[4], 4, type, 3, 9);
        assertThat(MessageRoles.sendRecvSourceArgument(nio))
                .as("no offsets: not the array layout")
                .isEqualTo(8);
        assertThat(MessageRoles.sendRecvTag(nio)).isEqualTo(9);
        FakeMpi.Call barrier = new FakeMpi.Call(MpiFunction.MPI_BARRIER, AT).binding("roles-new-arrays");
        assertThat(MessageRoles.sendRecvSourceArgument(barrier)).isEqualTo(-1);
        assertThat(MessageRoles.sendRecvSource(barrier)).isEqualTo(MpiCall.ABSENT);
    }
}
