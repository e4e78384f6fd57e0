/**
 * The binary trace shards a rank writes ({@link org.qmpi4j.formats.trace.TraceFileWriter}, the
 * record layout in {@link org.qmpi4j.formats.trace.TraceFormat}) and reads back
 * ({@link org.qmpi4j.formats.trace.ShardParser}, {@link org.qmpi4j.formats.trace.ShardSummary}),
 * the clock model that maps a rank's clock onto rank 0's
 * ({@link org.qmpi4j.formats.trace.ClockModel}) and the index of a job's shards. Assembling
 * shards into Chrome or Perfetto traces is the report's ({@code org.qmpi4j.report.trace}).
 */
package org.qmpi4j.formats.trace;
