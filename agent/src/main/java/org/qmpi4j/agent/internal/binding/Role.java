package org.qmpi4j.agent.internal.binding;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.descriptorform.RoleKeyword;

/**
 * The part a parameter plays in an MPI call. Tools need these to say what a call did (which
 * communicator, how many bytes to or from whom, with which tag, which request) without knowing
 * each binding's parameter order, so a descriptor names them per mapped method and
 * {@link MethodMapping#role(Role)} answers with a parameter index. The compiled form holds a
 * line's roles in the order of the descriptor form's {@link RoleKeyword}, which this enum follows
 * constant for constant.
 */
public enum Role {
    /** The communicator: the receiver of {@code comm.send(...)}, or a parameter. */
    COMM(RoleKeyword.COMM),
    /** The primary data buffer: the send side, or the receive buffer for receives. */
    BUFFER(RoleKeyword.BUFFER),
    /** An element offset into {@link #BUFFER} (bindings that pass arrays plus offsets). */
    OFFSET(RoleKeyword.OFFSET),
    /** Number of {@link #DATATYPE} items in {@link #BUFFER}; an {@code int}. */
    COUNT(RoleKeyword.COUNT),
    /** The datatype of the items in {@link #BUFFER}; of a datatype constructor, the old type (a struct's: an array). */
    DATATYPE(RoleKeyword.DATATYPE),
    /** The other process: destination, source, root or target rank; an {@code int}. */
    PEER(RoleKeyword.PEER),
    /** The message tag; an {@code int}. */
    TAG(RoleKeyword.TAG),
    /** The request: returned by non-blocking calls, the receiver or a parameter of wait/test. */
    REQUEST(RoleKeyword.REQUEST),
    /** A datatype constructor's number of blocks (a contiguous type's count, a vector's); an {@code int}. */
    BLOCKS(RoleKeyword.BLOCKS),
    /** A datatype constructor's block length: an {@code int} (vector), or each block's, an {@code int[]}. */
    BLOCK_LENGTH(RoleKeyword.BLOCK_LENGTH),
    /** A {@code v} collective's counts array of its send side (per rank), an {@code int[]}. */
    SEND_COUNTS(RoleKeyword.SEND_COUNTS),
    /** A {@code v} collective's counts array of its receive side (per rank), an {@code int[]}. */
    RECV_COUNTS(RoleKeyword.RECV_COUNTS),
    /** The datatype of the send side, where {@link #DATATYPE} is another side's. */
    SEND_TYPE(RoleKeyword.SEND_TYPE),
    /** The datatype of the receive side, where {@link #DATATYPE} is another side's. */
    RECV_TYPE(RoleKeyword.RECV_TYPE),
    /** The count of a send-receive's receive half; an {@code int}. */
    RECV_COUNT(RoleKeyword.RECV_COUNT),
    /** The source of a send-receive's receive half; an {@code int}. */
    RECV_PEER(RoleKeyword.RECV_PEER),
    /** The tag of a send-receive's receive half; an {@code int}. */
    RECV_TAG(RoleKeyword.RECV_TAG),
    /** A one-sided call's displacement into the target's window, in the target's units; an {@code int}. */
    TARGET_DISPLACEMENT(RoleKeyword.TARGET_DISPLACEMENT),
    /** A one-sided call's element count at the target; an {@code int}. */
    TARGET_COUNT(RoleKeyword.TARGET_COUNT),
    /** A one-sided call's datatype at the target. */
    TARGET_TYPE(RoleKeyword.TARGET_TYPE);

    private static final Role[] VALUES = values();

    private final String keyword;

    Role(RoleKeyword keyword) {
        this.keyword = keyword.keyword();
    }

    /** The name used for this role in descriptor files ({@code buf=0}). */
    public String keyword() {
        return keyword;
    }

    /** The role a descriptor keyword names, or {@code null}. */
    public static @Nullable Role forKeyword(String keyword) {
        for (Role r : VALUES) {
            if (r.keyword.equals(keyword)) {
                return r;
            }
        }
        return null;
    }
}
