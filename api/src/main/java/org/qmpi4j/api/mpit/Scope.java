package org.qmpi4j.api.mpit;

/** Scopes of control variables (Table 14.4): whether and how a change may be made. */
public enum Scope {
    /** Read-only, value is constant. */
    CONSTANT,
    /** Read-only, cannot be written, but can change. */
    READONLY,
    /** May be writeable; writing is a local operation. */
    LOCAL,
    /** May be writeable; must be done to a group of processes, set to consistent values. */
    GROUP,
    /** May be writeable; must be done to a group of processes, set to the same value. */
    GROUP_EQ,
    /** May be writeable; must be done to all connected processes, set to consistent values. */
    ALL,
    /** May be writeable; must be done to all connected processes, set to the same value. */
    ALL_EQ;

    /** Whether the scope allows writes at all ({@link #CONSTANT} and {@link #READONLY} do not). */
    public boolean mayBeWritable() {
        return this != CONSTANT && this != READONLY;
    }
}
