package org.qmpi4j.agent.internal.chain;

import org.qmpi4j.api.mpit.MpiT;

/** The JVM's MPI_T for tests of the backend that never ask for it. */
final class NoJvmMpit implements JvmMpit {
    static final NoJvmMpit INSTANCE = new NoJvmMpit();

    private NoJvmMpit() {}

    @Override
    public MpiT firstProcess() {
        throw new UnsupportedOperationException("not asked here");
    }

    @Override
    public boolean everInitialized(MpiProcess process) {
        return false;
    }
}
