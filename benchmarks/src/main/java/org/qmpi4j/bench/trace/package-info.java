/**
 * What a trace file takes per traced call: {@link org.qmpi4j.bench.trace.PerfettoStrings} builds
 * the Perfetto trace of one job's shards with interned strings and with strings in full, side by
 * side.
 */
package org.qmpi4j.bench.trace;
