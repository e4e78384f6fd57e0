/**
 * The {@code -javaagent} that routes an application's MPI calls through the tool chain.
 */
package org.qmpi4j.agent;
