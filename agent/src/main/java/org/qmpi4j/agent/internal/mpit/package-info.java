/**
 * The MPI tool information interface (MPI_T) behind {@link org.qmpi4j.api.mpit.MpiT}: one
 * {@link org.qmpi4j.agent.internal.mpit.MpitRegistry} per MPI process holding control and
 * performance variables, categories, enumerations, sessions and handles. The registry implements
 * the text's semantics (start/stop, starting values, watermarks, read-only, atomic read-reset,
 * return codes); variables get their raw values from sources, the agent's own from
 * {@code org.qmpi4j.agent.internal.monitor}.
 */
package org.qmpi4j.agent.internal.mpit;
