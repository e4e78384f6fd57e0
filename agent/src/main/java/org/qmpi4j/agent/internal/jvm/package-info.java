/**
 * What the JVM did to a rank: garbage-collection pauses per collector, other safepoints, class
 * loading, linking and initialisation, and the time the thread that calls MPI was runnable but
 * not running. Read on demand from HotSpot's performance counters (the process's own
 * {@code hsperfdata} file) and the operating system's scheduler statistics, so that nothing runs
 * at start or on the call path. Depends on nothing of the agent.
 */
package org.qmpi4j.agent.internal.jvm;
