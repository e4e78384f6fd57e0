package org.qmpi4j.mpit;

import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;

/**
 * A performance variable handle of a session, whichever source the variable has: the agent's and
 * the tools' variables ({@link PerformanceHandle}, whose semantics the registry implements) or the
 * MPI library's ({@link LibraryPvarHandle}, whose semantics the library implements). Sessions,
 * {@link SessionsAndHandles} and {@link HandleOperations} see only this.
 */
abstract class SessionHandle implements PvarHandle {
    final SessionImpl session;
    final PerformanceVariable variable;
    final int count;

    SessionHandle(SessionImpl session, PerformanceVariable variable, int count) {
        this.session = session;
        this.variable = variable;
        this.count = count;
    }

    @Override
    public final int count() {
        return count;
    }

    final String name() {
        return variable.info.name();
    }

    final PvarInfo info() {
        return variable.info;
    }

    boolean continuous() {
        return variable.info.continuous();
    }

    /** Right after allocation. */
    abstract void allocated();

    /** @return false if the variable cannot be started (continuous) */
    abstract boolean start();

    /** @return false if the variable cannot be stopped (continuous) */
    abstract boolean stop();

    abstract void read(Object buffer);

    abstract void write(Object buffer);

    /** @return false if the variable is read-only */
    abstract boolean reset();

    abstract void readReset(Object buffer);

    abstract void free();

    abstract boolean isFreed();
}
