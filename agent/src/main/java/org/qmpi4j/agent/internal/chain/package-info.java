/**
 * The QMPI tool chain of each MPI process: the tools registered in the JVM
 * ({@link org.qmpi4j.agent.internal.chain.ToolRegistry}), their instances in the order of the tool
 * list ({@link org.qmpi4j.agent.internal.chain.ToolInstance}), each instance's next functions
 * ({@link org.qmpi4j.agent.internal.chain.NextFunction}) sealed into a
 * {@link org.qmpi4j.agent.internal.chain.Chain} after every initialiser has run, the call context
 * tools see ({@link org.qmpi4j.agent.internal.chain.CallContext}, and the copies a tool makes of
 * it, {@code CallChanges}), and the way a call takes
 * ({@link org.qmpi4j.agent.internal.chain.CallRoute}). The backend of
 * {@link org.qmpi4j.api.Qmpi} ({@link org.qmpi4j.agent.internal.chain.QmpiBackendImpl}) is what
 * tools ask of it. Faults are contained here: a tool's ({@code ToolFaults}) and the agent's own
 * ({@code AgentFaults}).
 *
 * <p>An intercepted call reads in order in {@link org.qmpi4j.agent.internal.chain.CallRoute}:
 * {@code dispatch}, the timed call and the MPI_T monitor's enter and exit, around the chain's entry
 * ({@code NextFunction.invoke}, each tool, {@code CallContext.reachBinding}). The entry sites of
 * {@code MPI_Init}, {@code MPI_Finalize} and {@code MPI_Pcontrol} go through
 * {@link org.qmpi4j.agent.internal.chain.Dispatcher} first.
 *
 * <p>One process's parts, by concern, are assembled elsewhere ({@code link.MpiProcesses}) and
 * passed to whoever needs them: the way its calls take ({@code CallRoute}, with the agent's
 * measurements as one narrow interface, {@code telemetry.CallObserver}), its linked call sites
 * ({@link org.qmpi4j.agent.internal.chain.CallSites}, with the classes made for the JIT,
 * {@link org.qmpi4j.agent.internal.chain.Specialisation}, implemented in {@code jit}), its access to
 * the binding by function name ({@code BindingAccess}), and the
 * {@link org.qmpi4j.agent.internal.chain.MpiProcess} of them, which runs QMPI's initialisation
 * phase and keeps the Pcontrol level and is what tools and entry sites are given.
 *
 * <p>Depends on {@code binding}, {@code config}, {@code mpit} and {@code telemetry}'s interfaces;
 * nothing here knows how call sites are linked or how classes are generated.
 */
package org.qmpi4j.agent.internal.chain;
