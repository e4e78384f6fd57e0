package org.qmpi4j.api.mpit;

import org.qmpi4j.api.Nullable;

/** Where a control variable's value lives: what a tool (or the agent) supplies with {@link CvarDefinition}. */
@FunctionalInterface
public interface CvarSource {
    /**
     * Binds the variable to an MPI object; called once per handle allocation.
     * {@code mpiObject} is {@code null} for {@link BindType#NO_OBJECT}.
     *
     * @throws IllegalArgumentException if the object is not one this variable can be bound to
     */
    CvarCell bind(@Nullable Object mpiObject);
}
