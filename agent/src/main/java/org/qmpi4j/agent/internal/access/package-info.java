/**
 * One process's copy of the binding reached by function name rather than through a call site:
 * the binding method that stands for each MPI function
 * ({@link org.qmpi4j.agent.internal.access.BindingMethod}, found through the descriptor and the
 * binding's own class loader), its constants, datatype sizes, exceptions and null requests
 * ({@link org.qmpi4j.agent.internal.access.BindingAccess},
 * {@link org.qmpi4j.agent.internal.access.ReflectiveBindingAccess}). Made from the descriptor and
 * the loader alone, before the process it serves; used by the chain (tools' {@code pmpi} and
 * {@code invokeNext}) and by the agent's measurements (communicator members), which so never call
 * back into the chain or the linker.
 */
package org.qmpi4j.agent.internal.access;
