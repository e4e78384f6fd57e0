/**
 * The agent's state for the whole JVM, set up once by premain
 * ({@link org.qmpi4j.agent.internal.runtime.AgentRuntime}): settings, binding descriptors, the
 * tools' fault counters, and the MPI_T side of each MPI process, which the linker reaches when it
 * assembles a process.
 */
package org.qmpi4j.agent.internal.runtime;
