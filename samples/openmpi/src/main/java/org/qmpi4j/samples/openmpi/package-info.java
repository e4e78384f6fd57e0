/**
 * Sample MPI programs for Open MPI's Java bindings, each checking its own numerical result and
 * counting its own MPI calls ({@code org.qmpi4j.samples.SampleReport}) for tests to compare with
 * what the tools saw.
 *
 * <p>Why the samples repeat themselves: each one writes out its start-up ({@code Init}, rank, size,
 * each counted with {@code SampleReport}) and every other MPI call in its own {@code main} rather
 * than in a shared helper, because the integration tests check that every call site the tools
 * report lies in the sample's own source file, at a line that makes that call; a helper in another
 * class would move those sites out of the sample. What makes no MPI call is shared in
 * {@code samples/common} (for instance the stencil's arithmetic, {@code JacobiGrid}).
 */
package org.qmpi4j.samples.openmpi;
