package org.qmpi4j.tools.check;

import org.qmpi4j.api.Qmpi;

/** The binding's wildcard and null-process constants, read once after {@code MPI_Init}. */
final class PeerConstants {
    final int anySource;
    final int anyTag;
    final int procNull;

    PeerConstants(int toolId) {
        anySource = constant(toolId, "ANY_SOURCE");
        anyTag = constant(toolId, "ANY_TAG");
        procNull = constant(toolId, "PROC_NULL");
    }

    private static int constant(int toolId, String name) {
        try {
            Object v = Qmpi.bindingConstant(toolId, name);
            return v instanceof Integer ? (Integer) v : Integer.MIN_VALUE;
        } catch (RuntimeException e) {
            return Integer.MIN_VALUE;
        }
    }
}
