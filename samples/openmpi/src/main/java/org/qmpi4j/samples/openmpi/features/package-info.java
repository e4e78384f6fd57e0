/**
 * Open MPI programs that exercise one agent or tool feature each (call forms, Pcontrol, threads,
 * MPI errors, an exception midway, reflective calls), counting their own MPI calls as the samples
 * do.
 *
 * <p>Why the samples repeat themselves: each one writes out its start-up ({@code Init}, rank, size,
 * each counted with {@code SampleReport}) and every other MPI call in its own {@code main} rather
 * than in a shared helper, because the integration tests check that every call site the tools
 * report lies in the sample's own source file, at a line that makes that call; a helper in another
 * class would move those sites out of the sample. What makes no MPI call is shared in
 * {@code samples/common} (for instance the stencil's arithmetic, {@code JacobiGrid}).
 */
package org.qmpi4j.samples.openmpi.features;
