/**
 * What the JVM did to a process: garbage-collection pauses per collector, other safepoints, class
 * loading, linking and initialisation, and the time a thread was runnable but not running
 * ({@link org.qmpi4j.api.jvm.JvmActivity}). Read on demand from HotSpot's performance counters
 * (the process's own {@code hsperfdata} file) and the operating system's scheduler statistics, so
 * that nothing runs at start or on the call path; JVM-wide, but for the descheduled time.
 */
package org.qmpi4j.api.jvm;
