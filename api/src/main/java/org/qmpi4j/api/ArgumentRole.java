package org.qmpi4j.api;

/**
 * The roles of arguments that MPI functions share whatever the binding's signature, for
 * {@link MpiCall#withRole}: Open MPI's {@code send(buf, count, type, dest, tag)} and MPJ Express'
 * {@code Send(buf, offset, count, type, dest, tag)} both have a buffer, a count, a datatype, a
 * peer and a tag, at different positions.
 */
public enum ArgumentRole {
    /** The (first) message buffer: an array or a {@code java.nio.Buffer}. */
    BUFFER,
    /** The offset into the buffer (MPJ Express only), an {@code int}. */
    OFFSET,
    /** The element count of the (first) buffer, an {@code int}. */
    COUNT,
    /**
     * The datatype of the (first) buffer, a binding object; of a datatype constructor, the type it
     * is made of (of {@code MPI_Type_create_struct}: the array of them).
     */
    DATATYPE,
    /** The destination, source or root rank, an {@code int}; may be a wildcard such as ANY_SOURCE. */
    PEER,
    /** The message tag, an {@code int}; may be a wildcard such as ANY_TAG. */
    TAG,
    /** The communicator the call operates on: for methods of a communicator, the receiver. */
    COMMUNICATOR,
    /** The request the call takes (not one it returns). */
    REQUEST,
    /**
     * A datatype constructor's number of blocks, an {@code int}: {@code MPI_Type_contiguous}'s and
     * {@code MPI_Type_vector}'s count.
     */
    BLOCKS,
    /**
     * A datatype constructor's block length: an {@code int} ({@code MPI_Type_vector}), or each
     * block's, an {@code int[]} ({@code MPI_Type_indexed}, {@code MPI_Type_create_struct}).
     */
    BLOCK_LENGTH,
    /**
     * A {@code v} collective's counts per rank of its send side, an {@code int[]}: what
     * {@code MPI_Scatterv}'s root sends each rank, what {@code MPI_Alltoallv} sends each.
     */
    SEND_COUNTS,
    /**
     * A {@code v} collective's counts per rank of its receive side, an {@code int[]}: what
     * {@code MPI_Gatherv}'s root receives from each rank, {@code MPI_Allgatherv}'s and
     * {@code MPI_Reduce_scatter}'s counts, what {@code MPI_Alltoallv} receives from each.
     */
    RECV_COUNTS,
    /** The datatype of the send side, where {@link #DATATYPE} is the receive side's ({@code MPI_Scatterv}). */
    SEND_TYPE,
    /** The datatype of the receive side, where {@link #DATATYPE} is the send side's. */
    RECV_TYPE,
    /** The count of a send-receive's receive half, an {@code int}. */
    RECV_COUNT,
    /** The source of a send-receive's receive half, an {@code int}; may be a wildcard. */
    RECV_PEER,
    /** The tag of a send-receive's receive half, an {@code int}; may be a wildcard. */
    RECV_TAG,
    /**
     * A one-sided call's displacement into the target's window, an {@code int}, in units of the
     * target window's displacement unit ({@code MPI_WIN_DISP_UNIT}, which the target chose).
     */
    TARGET_DISPLACEMENT,
    /** A one-sided call's element count at the target, an {@code int}. */
    TARGET_COUNT,
    /** A one-sided call's datatype at the target, a binding object. */
    TARGET_TYPE
}
