package org.qmpi4j.api.mpit;

/**
 * A performance experiment session ({@code MPI_T_pvar_session}), from
 * {@link MpiT#pvarSessionCreate}. Nothing done in one session changes what another reads.
 * {@code null} plays the part of {@code MPI_T_PVAR_SESSION_NULL}.
 */
public interface PvarSession {}
