/**
 * What the agent and the bundled tools read of the JVM itself and must read the same way: not API.
 * It lives in {@code api} because both the API's {@code JvmActivity} and the tracer read HotSpot's
 * counters file, and the tools depend on {@code api} alone.
 */
package org.qmpi4j.api.internal.jvm;
