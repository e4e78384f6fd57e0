/**
 * Real Open MPI jobs of the samples, under {@code mpirun}, with and without the agent, alternated
 * so that machine drift cancels: {@link org.qmpi4j.bench.jobs.MpiOverhead}.
 */
package org.qmpi4j.bench.jobs;
