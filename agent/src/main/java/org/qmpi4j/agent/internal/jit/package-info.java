/**
 * What the agent does so that the JIT compiles the whole intercept path into the application's
 * call site: classes generated with ASM and defined in the chain's package (a context class per
 * binding method, {@link org.qmpi4j.agent.internal.jit.CallContextClasses}; a step class per chain
 * position, {@link org.qmpi4j.agent.internal.jit.ChainStepClasses}; the entry sites of
 * {@code MPI_Init}, {@code MPI_Finalize} and {@code MPI_Pcontrol},
 * {@link org.qmpi4j.agent.internal.jit.EntrySites}), and a JVM-wide compiler directive added a
 * while after {@code MPI_Init} ({@link org.qmpi4j.agent.internal.jit.InlineDirective}). The chain
 * behaves the same without any of it ({@code chain.Specialisation.GENERIC}), only slower:
 * docs/architecture.md, "The intercept path", says why each part exists, and "ASM or ByteBuddy"
 * why these classes are written with ASM.
 */
package org.qmpi4j.agent.internal.jit;
