/**
 * Agent start-up: {@link org.qmpi4j.bench.startup.StartupProbe} (run in its own jar next to the
 * real {@code mpi.jar}) loads every class of the sample application, and
 * {@link org.qmpi4j.bench.startup.StartupOverhead} times whole JVMs of it with and without the
 * agent, alternated.
 */
package org.qmpi4j.bench.startup;
