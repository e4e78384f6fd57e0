package org.qmpi4j.agent.internal.binding;

/**
 * The part a parameter plays in an MPI call. Tools need these to say what a call did (which
 * communicator, how many bytes to or from whom, with which tag, which request) without knowing
 * each binding's parameter order, so a descriptor names them per mapped method and
 * {@link MethodMapping#role(Role)} answers with a parameter index.
 */
public enum Role {
    /** The communicator: the receiver of {@code comm.send(...)}, or a parameter. */
    COMM("comm"),
    /** The primary data buffer: the send side, or the receive buffer for receives. */
    BUFFER("buf"),
    /** An element offset into {@link #BUFFER} (bindings that pass arrays plus offsets). */
    OFFSET("offset"),
    /** Number of {@link #DATATYPE} items in {@link #BUFFER}; an {@code int}. */
    COUNT("count"),
    /** The datatype of the items in {@link #BUFFER}. */
    DATATYPE("type"),
    /** The other process: destination, source, root or target rank; an {@code int}. */
    PEER("peer"),
    /** The message tag; an {@code int}. */
    TAG("tag"),
    /** The request: returned by non-blocking calls, the receiver or a parameter of wait/test. */
    REQUEST("request");

    private static final Role[] VALUES = values();

    private final String keyword;

    Role(String keyword) {
        this.keyword = keyword;
    }

    /** The name used for this role in descriptor files ({@code buf=0}). */
    public String keyword() {
        return keyword;
    }

    /** The role a descriptor keyword names, or {@code null}. */
    public static Role forKeyword(String keyword) {
        for (Role r : VALUES) {
            if (r.keyword.equals(keyword)) {
                return r;
            }
        }
        return null;
    }
}
