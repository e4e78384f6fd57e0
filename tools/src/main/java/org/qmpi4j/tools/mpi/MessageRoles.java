package org.qmpi4j.tools.mpi;

import java.util.EnumSet;
import java.util.Set;
import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * Which calls receive a point-to-point message (those that send one say so themselves:
 * {@link MpiFunction#sendsMessage()}, the rows of the communication matrix), and the receive half
 * of the combined send-receive calls: its source, tag, count and datatype, by the roles the
 * binding's descriptor gives them ({@code recvpeer}, {@code recvtag}, {@code recvcount},
 * {@code recvtype}; the send half plays the common roles). {@code MPI_Sendrecv_replace} receives
 * into its one buffer, so its count and datatype are the common ones.
 */
public final class MessageRoles {
    /** Calls that receive one message from {@code peer()}. */
    public static final Set<MpiFunction> RECEIVES = EnumSet.of(MpiFunction.MPI_RECV, MpiFunction.MPI_IRECV);

    private MessageRoles() {}

    /** Whether {@code f} is a send-receive, whose receive half has roles of its own. */
    public static boolean sendRecv(MpiFunction f) {
        return f == MpiFunction.MPI_SENDRECV || f == MpiFunction.MPI_SENDRECV_REPLACE;
    }

    /** The source rank (in the call's communicator) of a send-receive's receive half, or {@link MpiCall#ABSENT}. */
    public static int sendRecvSource(MpiCall call) {
        return sendRecv(call.function()) ? intRole(call, ArgumentRole.RECV_PEER) : MpiCall.ABSENT;
    }

    /** The tag of a send-receive's receive half, or {@link MpiCall#ABSENT}. */
    public static int sendRecvTag(MpiCall call) {
        return sendRecv(call.function()) ? intRole(call, ArgumentRole.RECV_TAG) : MpiCall.ABSENT;
    }

    /** The count of a send-receive's receive half, or {@link MpiCall#ABSENT}. */
    public static int sendRecvCount(MpiCall call) {
        MpiFunction f = call.function();
        if (f == MpiFunction.MPI_SENDRECV_REPLACE) {
            return call.count();
        }
        return f == MpiFunction.MPI_SENDRECV ? intRole(call, ArgumentRole.RECV_COUNT) : MpiCall.ABSENT;
    }

    /** The datatype of a send-receive's receive half, or {@code null}. */
    public static @Nullable Object sendRecvType(MpiCall call) {
        MpiFunction f = call.function();
        if (f == MpiFunction.MPI_SENDRECV_REPLACE) {
            return call.datatype();
        }
        return f == MpiFunction.MPI_SENDRECV ? call.argument(ArgumentRole.RECV_TYPE) : null;
    }

    private static int intRole(MpiCall call, ArgumentRole role) {
        Object v = call.argument(role);
        return v instanceof Integer ? (Integer) v : MpiCall.ABSENT;
    }
}
