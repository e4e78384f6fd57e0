package org.qmpi4j.tools.mpi;

import java.util.EnumSet;
import java.util.Set;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;

/**
 * Which calls receive a point-to-point message (those that send one say so themselves:
 * {@link MpiFunction#sendsMessage()}, the rows of the communication matrix), and where the receive half of the
 * combined send-receive calls keeps its source and tag (a role the API does not name, so it comes
 * from the binding's parameter list: after the send half and the receive buffer, each buffer
 * followed by an offset where the descriptor says {@code fact buffers array-offset}).
 */
public final class MessageRoles {
    /** Calls that receive one message from {@code peer()}. */
    public static final Set<MpiFunction> RECEIVES = EnumSet.of(MpiFunction.MPI_RECV, MpiFunction.MPI_IRECV);

    private MessageRoles() {}

    /** Index of the source argument of the receive half of a send-receive call, or -1. */
    public static int sendRecvSourceArgument(MpiCall call) {
        switch (call.function()) {
            case MPI_SENDRECV:
                // Open MPI: (sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag)
                // mpiJava:  (sbuf, soff, scount, stype, dest, stag, rbuf, roff, rcount, rtype, source, rtag)
                return offsets(call) ? 10 : 8;
            case MPI_SENDRECV_REPLACE:
                // Open MPI: (buf, count, type, dest, stag, source, rtag); mpiJava: (buf, off, count, type, dest, stag,
                // source, rtag)
                return offsets(call) ? 6 : 5;
            default:
                return -1;
        }
    }

    /** Whether the call's binding follows each buffer with an offset ({@code fact buffers array-offset}). */
    private static boolean offsets(MpiCall call) {
        return BindingFacts.of(call.bindingId()).bufferOffsets();
    }

    /** The source rank (in the call's communicator) of a send-receive's receive half, or {@link MpiCall#ABSENT}. */
    public static int sendRecvSource(MpiCall call) {
        return intArgument(call, sendRecvSourceArgument(call));
    }

    /** The tag of a send-receive's receive half, or {@link MpiCall#ABSENT}. */
    public static int sendRecvTag(MpiCall call) {
        int at = sendRecvSourceArgument(call);
        return at < 0 ? MpiCall.ABSENT : intArgument(call, at + 1);
    }

    private static int intArgument(MpiCall call, int at) {
        if (at < 0 || at >= call.argumentCount()) {
            return MpiCall.ABSENT;
        }
        Object v = call.argument(at);
        return v instanceof Integer ? (Integer) v : MpiCall.ABSENT;
    }
}
