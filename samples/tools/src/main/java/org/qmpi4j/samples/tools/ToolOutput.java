package org.qmpi4j.samples.tools;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;

/** How the sample tools find their rank and print: through the name-shifted entry, unobserved. */
final class ToolOutput {
    private ToolOutput() {}

    /** This process's rank in COMM_WORLD, asked of the binding directly (never intercepted). */
    static int worldRank(int toolId) throws Exception {
        Object world = Qmpi.bindingConstant(toolId, "COMM_WORLD");
        return (Integer) Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_RANK, world);
    }

    /** Prints a block of lines in one write, so that ranks' lines do not interleave. */
    static void print(StringBuilder lines) {
        System.out.print(lines);
        System.out.flush();
    }
}
