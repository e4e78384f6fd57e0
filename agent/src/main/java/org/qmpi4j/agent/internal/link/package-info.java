/**
 * Linking each rewritten call site, the first time the application runs it: the linker
 * ({@link org.qmpi4j.agent.internal.link.CallSiteLinker}, behind {@code CallSiteBootstrap}) finds
 * the site's MPI process ({@link org.qmpi4j.agent.internal.link.MpiProcesses}, which also assembles
 * a new process from its parts and wires it to its telemetry), and makes a
 * {@link org.qmpi4j.agent.internal.link.SiteLink} with the parts a site needs (the process's
 * {@code CallRoute}, {@code CallSites} and {@code BindingAccess}), which points the site's
 * {@code MutableCallSite} straight at the binding method or at its route's dispatch, and again
 * whenever tools, Pcontrol or MPI_T demand change what the site must do. The sites of {@code MPI_Init}, {@code MPI_Finalize} and
 * {@code MPI_Pcontrol} always enter the agent, through a generated class where their types allow
 * ({@code jit.EntrySites}).
 *
 * <p>Each process gets its parts from here, finished: the binding's own methods called by function
 * name ({@link org.qmpi4j.agent.internal.access.ReflectiveBindingAccess}: tools' {@code pmpi} and
 * {@code invokeNext}, datatype sizes, constants), whose questions the monitor asks of the binding
 * once per communicator ({@link org.qmpi4j.agent.internal.telemetry.BindingProbe}), and the
 * chain's classes made for the JIT ({@link org.qmpi4j.agent.internal.jit.JitSpecialisation}).
 */
package org.qmpi4j.agent.internal.link;
