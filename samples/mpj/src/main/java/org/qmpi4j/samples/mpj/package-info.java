/**
 * Sample MPI programs for MPJ Express (the mpiJava 1.2 API): the same algorithms, inputs, messages
 * and calls as the Open MPI samples of the same names, written against the other binding's API,
 * so that profiles of the two can be compared.
 *
 * <p>Why the samples repeat themselves: each one writes out its start-up ({@code Init}, rank, size,
 * each counted with {@code SampleReport}) and every other MPI call in its own {@code main} rather
 * than in a shared helper, because the integration tests check that every call site the tools
 * report lies in the sample's own source file, at a line that makes that call; a helper in another
 * class would move those sites out of the sample. What makes no MPI call is shared in
 * {@code samples/common} (for instance the stencil's arithmetic, {@code JacobiGrid}).
 */
package org.qmpi4j.samples.mpj;
