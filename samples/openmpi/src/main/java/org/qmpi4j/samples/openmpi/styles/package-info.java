/**
 * Programs in the styles of Java MPI codes written outside this project, where the tools once went
 * wrong: a master and its workers talking through wildcard receives ({@link MasterWorker}),
 * dynamic load balancing with a nonblocking wildcard receive completed by a method that returns no
 * status ({@link LoadBalance}), and an application whose wildcard receives are still busy while
 * the tools gather their results ({@link BusyWildcards}). Each checks its own result and counts its
 * own calls, as the samples do.
 */
package org.qmpi4j.samples.openmpi.styles;
