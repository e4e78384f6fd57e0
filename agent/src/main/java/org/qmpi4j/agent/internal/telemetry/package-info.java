/**
 * The agent's own measurements of each MPI process, and how MPI_T shows them. What it measures:
 * calls, time and bytes per function, traffic to each peer, outstanding requests and posted
 * receives, the process's MPI state ({@link org.qmpi4j.agent.internal.telemetry.CallMonitor} and
 * the classes it feeds). How they are shown: the agent's performance variables, its settings as
 * control variables, and their categories ({@link org.qmpi4j.agent.internal.telemetry.AgentVariables},
 * {@link org.qmpi4j.agent.internal.telemetry.MonitorSources}), and the listing of
 * {@code qmpi4j mpit list} ({@link org.qmpi4j.agent.internal.telemetry.MpitListing}).
 * {@link org.qmpi4j.agent.internal.telemetry.ProcessTelemetry} ties one process's together.
 *
 * <p>A monitor watches a function only while some started handle needs it; otherwise the
 * function's call sites stay linked straight to the binding and nothing here runs.
 */
package org.qmpi4j.agent.internal.telemetry;
