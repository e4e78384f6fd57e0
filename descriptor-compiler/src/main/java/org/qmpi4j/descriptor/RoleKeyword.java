package org.qmpi4j.descriptor;

/**
 * The roles a {@code map} line may name, in the order of the agent's {@code Role}: the compiled
 * form holds a line's roles as one parameter index per role, by this order. The agent's tests
 * hold the two orders equal.
 */
public enum RoleKeyword {
    COMM("comm"),
    BUFFER("buf"),
    OFFSET("offset"),
    COUNT("count"),
    DATATYPE("type"),
    PEER("peer"),
    TAG("tag"),
    REQUEST("request");

    private final String keyword;

    RoleKeyword(String keyword) {
        this.keyword = keyword;
    }

    /** The word of this role in descriptor files ({@code buf=0}). */
    public String keyword() {
        return keyword;
    }

    /** The role a descriptor keyword names, or {@code null}. */
    static RoleKeyword forKeyword(String keyword) {
        for (RoleKeyword r : values()) {
            if (r.keyword.equals(keyword)) {
                return r;
            }
        }
        return null;
    }
}
