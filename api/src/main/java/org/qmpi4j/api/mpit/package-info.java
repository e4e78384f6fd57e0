/**
 * The MPI tool information interface (MPI_T, MPI 4.0 Section 14.3) in Java: start at
 * {@link org.qmpi4j.api.mpit.MpiT}.
 */
package org.qmpi4j.api.mpit;
