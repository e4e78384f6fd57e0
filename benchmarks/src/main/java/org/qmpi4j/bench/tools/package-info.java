/**
 * The benchmarks' own tools: {@code pass} (continues every call but one, nothing else),
 * {@code idle} (present, but intercepts nothing the benchmarks call) and {@code events} (registered
 * for the agent's send-started MPI_T event, intercepts nothing). Compiled against the tool API
 * only and packaged alone ({@code qmpi4j-benchmarks-<version>-tools.jar}) so that real MPI jobs can
 * put them on the agent's tool path without the fake binding; JMH runs find them on their class
 * path.
 */
package org.qmpi4j.bench.tools;
