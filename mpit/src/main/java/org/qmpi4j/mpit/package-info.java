/**
 * The MPI tool information interface (MPI_T) behind {@link org.qmpi4j.api.mpit.MpiT}: one
 * {@link org.qmpi4j.mpit.MpitRegistry} per MPI process, a facade over one part per
 * concern: variables and enumerations, categories, sessions and handles, the init/finalize count,
 * and the guards that turn a failing source into a return code. Together they implement
 * the text's semantics (start/stop, starting values, watermarks, read-only, atomic read-reset,
 * return codes).
 *
 * <p>This module depends on the tool API and JNA only; it knows nothing of bytecode, bindings or
 * call sites. Variables get their raw values from sources: a tool's, the agent's own (which the
 * agent registers from {@code org.qmpi4j.agent.internal.telemetry}, the only agent package that
 * names this one), and the MPI library's, through {@link org.qmpi4j.mpit.LibrarySource} over
 * {@code org.qmpi4j.mpit.library}. What an MPI object of a kind is, and how the MPI library is
 * found, the registry asks of its creator ({@link org.qmpi4j.mpit.ObjectKinds},
 * {@link org.qmpi4j.mpit.LibraryLink}). The tests are named after the sections of the MPI text
 * they check.
 */
package org.qmpi4j.mpit;
