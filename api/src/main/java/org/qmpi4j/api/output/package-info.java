/**
 * Helpers for tools that write files of their own per rank, as the bundled {@code profiler} and
 * {@code tracer} do: agreeing on one results directory for the whole job
 * ({@link org.qmpi4j.api.output.OutputDirectory}), bringing each rank's files up to date during the
 * run and before the process goes away, with faults contained and reported once
 * ({@link org.qmpi4j.api.output.RankOutput}), and the chain set-up of a tool that sees every call
 * ({@link org.qmpi4j.api.output.LifecycleHandlers}).
 *
 * <p>A typical tool: in its initialiser it calls {@code LifecycleHandlers.register}; its
 * {@code MPI_INIT} handler, after the call, agrees on the directory, writes its first file and
 * calls {@link org.qmpi4j.api.output.RankOutput#start}; its {@code MPI_PCONTROL},
 * {@code MPI_ABORT} and {@code MPI_FINALIZE} handlers call
 * {@link org.qmpi4j.api.output.RankOutput#flush} or {@link org.qmpi4j.api.output.RankOutput#stop}.
 * Writing files atomically (temporary name, then rename) is the tool's part.
 */
package org.qmpi4j.api.output;
