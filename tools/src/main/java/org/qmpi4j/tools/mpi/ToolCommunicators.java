package org.qmpi4j.tools.mpi;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;

/**
 * One duplicate of each {@code COMM_WORLD} for all the bundled tools of a process, so that the
 * profiler and the tracer share one and a process pays one collective for it. Keyed by the world
 * object's identity: in MPJ Express' multicore mode the ranks are threads of one JVM, each with a
 * world of its own, and share this class.
 *
 * <p>Never freed: the duplicate lives until {@code MPI_Finalize}, which frees it with the rest,
 * and the tools still talk inside the application's {@code MPI_Finalize} call, before it runs.
 */
final class ToolCommunicators {
    /** Pairs of (world, its duplicate); a handful at most (one per world in the process). */
    private static final List<Object[]> DUPLICATES = new ArrayList<>(2);

    private ToolCommunicators() {}

    /**
     * The tools' duplicate of {@code world}, made now (collectively, by every rank at the same
     * point) if this process has none yet. The first exchange of every tool runs in the thread
     * that initialises MPI, one tool after the other, so a rank never makes two.
     */
    static Object duplicateOf(int toolId, Object world) throws Exception {
        synchronized (DUPLICATES) {
            for (Object[] pair : DUPLICATES) {
                if (pair[0] == world) {
                    return pair[1];
                }
            }
        }
        // Outside the lock: in a multicore JVM the other ranks' threads must reach their own
        // duplicate calls too, or this collective would wait for ever.
        Object dup = Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_DUP, world);
        if (dup == null) {
            throw new IllegalStateException("MPI_COMM_DUP of COMM_WORLD returned null");
        }
        ToolErrors.returnOn(toolId, dup);
        synchronized (DUPLICATES) {
            for (Object[] pair : DUPLICATES) {
                if (pair[0] == world) {
                    return pair[1];
                }
            }
            DUPLICATES.add(new Object[] {world, dup});
        }
        return dup;
    }
}
