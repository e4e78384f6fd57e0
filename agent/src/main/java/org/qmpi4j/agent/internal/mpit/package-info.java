/**
 * The MPI tool information interface (MPI_T) behind {@link org.qmpi4j.api.mpit.MpiT}: one
 * {@link org.qmpi4j.agent.internal.mpit.MpitRegistry} per MPI process, a facade over one part per
 * concern: variables and enumerations, categories, sessions and handles, the init/finalize count,
 * and the guards that turn a failing source into a return code. Together they implement
 * the text's semantics (start/stop, starting values, watermarks, read-only, atomic read-reset,
 * return codes); variables get their raw values from sources, the agent's own from
 * {@code org.qmpi4j.agent.internal.telemetry}.
 */
package org.qmpi4j.agent.internal.mpit;
