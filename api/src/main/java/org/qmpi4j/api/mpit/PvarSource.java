package org.qmpi4j.api.mpit;

import org.qmpi4j.api.Nullable;

/**
 * Where a performance variable's values come from: what a tool (or the agent) supplies when it
 * defines a variable with {@link PvarDefinition}. The registry implements the text's semantics on
 * top (sessions, start/stop, starting values, watermarks, overflow, read-only): a source only
 * reports what the resource looks like now.
 */
@FunctionalInterface
public interface PvarSource {
    /**
     * Binds the variable to an MPI object; called once per handle allocation, so a cell may keep
     * per-handle state. {@code mpiObject} is {@code null} for {@link BindType#NO_OBJECT}.
     *
     * @throws IllegalArgumentException if the object is not one this variable can be bound to
     *                                  (the allocation then answers {@code MPI_T_ERR_INVALID})
     */
    PvarCell bind(@Nullable Object mpiObject);
}
