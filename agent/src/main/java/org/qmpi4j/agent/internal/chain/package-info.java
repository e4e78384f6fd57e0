/**
 * The QMPI tool chain of each MPI process: the tools registered in the JVM
 * ({@link org.qmpi4j.agent.internal.chain.ToolRegistry}), their instances in the order of the tool
 * list ({@link org.qmpi4j.agent.internal.chain.ToolInstance}), each instance's next functions
 * ({@link org.qmpi4j.agent.internal.chain.NextFunction}) sealed into a
 * {@link org.qmpi4j.agent.internal.chain.Chain} after every initialiser has run, the call context
 * tools see ({@link org.qmpi4j.agent.internal.chain.CallContext}), and the dispatch of a call into
 * the chain ({@link org.qmpi4j.agent.internal.chain.Dispatcher}). The backend of
 * {@link org.qmpi4j.api.Qmpi} ({@link org.qmpi4j.agent.internal.chain.QmpiBackendImpl}) is what
 * tools ask of it. Faults are contained here: a tool's ({@code ToolFaults}) and the agent's own
 * ({@code AgentFaults}).
 *
 * <p>One {@link org.qmpi4j.agent.internal.chain.MpiProcess} holds one process's chain and the
 * state the call path reads. It is assembled elsewhere ({@code link.MpiProcesses}) from finished
 * parts: its access to the binding by function name ({@code BindingAccess}), the agent's
 * measurements as one narrow interface ({@code telemetry.CallObserver}) and the classes made for
 * the JIT ({@link org.qmpi4j.agent.internal.chain.Specialisation}, implemented in {@code jit}).
 *
 * <p>Depends on {@code binding}, {@code config}, {@code mpit} and {@code telemetry}'s interfaces;
 * nothing here knows how call sites are linked or how classes are generated.
 */
package org.qmpi4j.agent.internal.chain;
