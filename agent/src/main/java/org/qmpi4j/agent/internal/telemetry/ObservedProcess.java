package org.qmpi4j.agent.internal.telemetry;

import org.qmpi4j.agent.internal.binding.BindingDescriptor;

/**
 * What the agent's MPI_T variables read of an MPI process (and the one thing they change, the
 * Pcontrol level), so that telemetry needs nothing of the chain that implements it.
 */
public interface ObservedProcess {
    /** The binding descriptor of the process's binding. */
    BindingDescriptor bindingDescriptor();

    /** The class loader of the process's copy of the binding. */
    ClassLoader bindingLoader();

    int pcontrolLevel();

    /** As {@code MPI_Pcontrol(level)} would set it, without a call to the binding. */
    void setPcontrolLevel(int level);

    /** Whether MPI_Init has initialised the tools (the tool list cannot change any more). */
    boolean toolsInitialized();

    /** Whether the application's {@code MPI.Finalize} has returned. */
    boolean finalized();
}
