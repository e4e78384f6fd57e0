package org.qmpi4j.descriptorform;

import org.qmpi4j.api.Nullable;

/**
 * The roles a {@code map} line may name: the compiled form holds a line's roles as one parameter
 * index per role, in this order. The agent's {@code Role} names each by one of these, in the
 * same order.
 */
public enum RoleKeyword {
    COMM("comm"),
    BUFFER("buf"),
    OFFSET("offset"),
    COUNT("count"),
    DATATYPE("type"),
    PEER("peer"),
    TAG("tag"),
    REQUEST("request"),
    BLOCKS("blocks"),
    BLOCK_LENGTH("blocklen"),
    SEND_COUNTS("sendcounts"),
    RECV_COUNTS("recvcounts"),
    SEND_TYPE("sendtype"),
    RECV_TYPE("recvtype"),
    RECV_COUNT("recvcount"),
    RECV_PEER("recvpeer"),
    RECV_TAG("recvtag"),
    TARGET_DISPLACEMENT("disp"),
    TARGET_COUNT("tcount"),
    TARGET_TYPE("ttype");

    private final String keyword;

    RoleKeyword(String keyword) {
        this.keyword = keyword;
    }

    /** The word of this role in descriptor files ({@code buf=0}). */
    public String keyword() {
        return keyword;
    }

    /** The role a descriptor keyword names, or {@code null}. */
    public static @Nullable RoleKeyword forKeyword(String keyword) {
        for (RoleKeyword r : values()) {
            if (r.keyword.equals(keyword)) {
                return r;
            }
        }
        return null;
    }
}
