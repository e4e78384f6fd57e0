package org.qmpi4j.tools.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * A send-receive's receive half is read by the roles the binding's descriptor gives it, wherever
 * its arguments are (the descriptors' positions are checked in the agent's
 * {@code ReceiveHalfAndCountsRolesTest}).
 */
class MessageRolesTest {
    private static final CallingAddress AT = new CallingAddress("App", "main", "App.java", 1);
    private final Object type = new Object();
    private final Object otherType = new Object();

    @Test
    void aSendRecvsReceiveHalfIsItsRoles() {
        // Open MPI: (sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag)
        FakeMpi.Call c = new FakeMpi.Call(MpiFunction.MPI_SENDRECV, AT)
                .message(4, type, new int[4])
                .args(new int[4], 4, type, 1, 7, new int[2], 2, otherType, 3, 9)
                .role(ArgumentRole.RECV_COUNT, 2)
                .role(ArgumentRole.RECV_TYPE, otherType)
                .role(ArgumentRole.RECV_PEER, 3)
                .role(ArgumentRole.RECV_TAG, 9);
        assertThat(MessageRoles.sendRecvSource(c)).isEqualTo(3);
        assertThat(MessageRoles.sendRecvTag(c)).isEqualTo(9);
        assertThat(MessageRoles.sendRecvCount(c)).isEqualTo(2);
        assertThat(MessageRoles.sendRecvType(c)).isSameAs(otherType);
    }

    @Test
    void aSendRecvReplaceReceivesIntoItsOneBuffer() {
        // MPJ Express: (buf, off, count, type, dest, stag, source, rtag)
        FakeMpi.Call c = new FakeMpi.Call(MpiFunction.MPI_SENDRECV_REPLACE, AT)
                .message(4, type, new int[4])
                .args(new int[4], 0, 4, type, 1, 7, 2, 5)
                .role(ArgumentRole.RECV_PEER, 2)
                .role(ArgumentRole.RECV_TAG, 5);
        assertThat(MessageRoles.sendRecvSource(c)).isEqualTo(2);
        assertThat(MessageRoles.sendRecvTag(c)).isEqualTo(5);
        assertThat(MessageRoles.sendRecvCount(c)).isEqualTo(4);
        assertThat(MessageRoles.sendRecvType(c)).isSameAs(type);
    }

    @Test
    void withoutTheRolesOrASendRecvThereIsNoReceiveHalf() {
        FakeMpi.Call unnamed = new FakeMpi.Call(MpiFunction.MPI_SENDRECV, AT).args(new int[4], 4, type, 1, 7);
        assertThat(MessageRoles.sendRecvSource(unnamed)).isEqualTo(MpiCall.ABSENT);
        assertThat(MessageRoles.sendRecvType(unnamed)).isNull();
        FakeMpi.Call barrier = new FakeMpi.Call(MpiFunction.MPI_BARRIER, AT).role(ArgumentRole.RECV_PEER, 1);
        assertThat(MessageRoles.sendRecvSource(barrier)).isEqualTo(MpiCall.ABSENT);
        assertThat(MessageRoles.sendRecvCount(barrier)).isEqualTo(MpiCall.ABSENT);
    }
}
