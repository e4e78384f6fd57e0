package org.qmpi4j.agent.internal.chain;

import org.qmpi4j.api.mpit.MpiT;

/** MPI_T as the tool API reaches it beyond a tool's own process, given to the backend at the agent's start. */
public interface JvmMpit {
    /** The MPI_T of the JVM's first MPI process, which exists from premain on. */
    MpiT firstProcess();

    /** Whether MPI_T was ever initialised in {@code process}; asking registers nothing. */
    boolean everInitialized(MpiProcess process);
}
