package org.qmpi4j.agent.internal.chain;

/**
 * An intercepted call whose entry and exit instants the agent reads once for every tool and the
 * MPI_T monitor ({@code Qmpi.requestCallTimes}, or a watched function): the entry when the call
 * reaches the agent, the exit when MPI returns or throws (or a tool completes or fails the call).
 * A subclass, so that calls nobody times stay as small as they can be where the JIT cannot
 * remove the context.
 */
class TimedCallContext extends CallContext {
    private long entry = NO_TIME;
    /** Set once, by {@link CallContext#stopClock}, which the call path reads top to bottom. */
    long exit = NO_TIME;

    TimedCallContext(CallTarget target, Object[] args) {
        super(target, args);
    }

    @Override
    final void startClock() {
        entry = System.nanoTime();
    }

    @Override
    final long entryTime() {
        return entry;
    }

    @Override
    final long exitTime() {
        return exit;
    }
}
