package org.qmpi4j.mpit;

import org.qmpi4j.api.mpit.CvarCell;
import org.qmpi4j.api.mpit.CvarHandle;

/** A control variable bound to one object. */
final class ControlHandle implements CvarHandle {
    final SessionsAndHandles owner;
    final ControlVariable variable;
    final CvarCell cell;
    final int count;
    private volatile boolean freed;

    ControlHandle(SessionsAndHandles owner, ControlVariable variable, CvarCell cell, int count) {
        this.owner = owner;
        this.variable = variable;
        this.cell = cell;
        this.count = count;
    }

    @Override
    public int count() {
        return count;
    }

    boolean isFreed() {
        return freed;
    }

    void free() {
        freed = true;
        cell.free();
    }

    @Override
    public String toString() {
        return "handle of control variable " + variable.name() + (freed ? " (freed)" : "");
    }
}
