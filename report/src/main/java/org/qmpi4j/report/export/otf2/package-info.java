/**
 * A job's trace as OTF2 records, as Score-P writes them for MPI, so that Vampir and Scalasca read
 * it: {@link TraceExport} reads the trace through the {@code Timeline} and {@link Otf2Export}
 * turns each rank's calls ({@link TracedCall}, on the job's common clock)
 * into {@code Enter}/{@code Leave} and MPI event records and the definitions they refer to, and
 * hands them to an {@link Otf2Records}, which the {@code qmpi4j} command implements over OTF2's own
 * C library. Nothing here is loaded by the agent.
 */
package org.qmpi4j.report.export.otf2;
