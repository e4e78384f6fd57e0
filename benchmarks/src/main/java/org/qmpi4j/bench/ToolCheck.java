package org.qmpi4j.bench;

import mpi.MPI;
import mpi.MPIException;

/**
 * Starts the fake binding's MPI and ends it. Run under {@code -javaagent} with a tool list, it
 * tells whether the agent knows every listed tool: the agent stops the program at {@code MPI.Init}
 * with {@code qmpi4j: unknown tool 'x'} and exit status 1 when it does not.
 */
public final class ToolCheck {
    private ToolCheck() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.Finalize();
        System.out.println("qmpi4j-bench: tools initialised");
    }
}
