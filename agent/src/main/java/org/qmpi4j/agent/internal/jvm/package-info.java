/**
 * What the JVM did to an MPI process, as the agent's variables read it: the thread that calls MPI
 * and a reading of the API's {@link org.qmpi4j.api.jvm.JvmActivity} kept for a few milliseconds.
 * Depends on nothing of the agent.
 */
package org.qmpi4j.agent.internal.jvm;
