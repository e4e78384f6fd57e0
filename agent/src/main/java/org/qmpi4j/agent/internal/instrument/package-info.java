/**
 * Rewriting the application's classes as they load: the class-file transformer
 * ({@link org.qmpi4j.agent.internal.instrument.CallSiteTransformer}) picks the classes that may
 * call the binding (never the JDK's, the agent's, a tool's or the binding's own), and
 * {@link org.qmpi4j.agent.internal.instrument.CallSiteRewriter} (ASM) turns each call of a binding
 * method the descriptors map ({@link org.qmpi4j.agent.internal.instrument.BindingMethodResolver})
 * into an {@code invokedynamic} whose shape {@link org.qmpi4j.agent.internal.instrument.LinkerContract}
 * defines. Nothing here runs a call: the sites are linked by {@code link} when they first run.
 *
 * <p>ASM directly, not ByteBuddy's {@code AgentBuilder}: ByteBuddy would load its own classes in
 * every rank and parse every class it is offered, and the site needs the visitor anyway
 * (docs/architecture.md, "ASM or ByteBuddy").
 */
package org.qmpi4j.agent.internal.instrument;
