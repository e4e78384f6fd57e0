/**
 * The agent's own MPI_T variables and categories: what it measures (from
 * {@code internal.monitor}) as performance variables, and its settings as control variables.
 */
package org.qmpi4j.agent.internal.variables;
