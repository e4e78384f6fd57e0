/**
 * What the agent measures itself, for its MPI_T performance variables: calls, time and bytes per
 * function, traffic to each peer, outstanding requests and posted receives, the process's MPI
 * state. A {@link org.qmpi4j.agent.internal.monitor.CallMonitor} watches a function only while some
 * started handle needs it; otherwise the function's call sites stay linked straight to the
 * binding and nothing here runs.
 */
package org.qmpi4j.agent.internal.monitor;
