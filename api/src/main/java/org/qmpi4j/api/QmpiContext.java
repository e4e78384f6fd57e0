package org.qmpi4j.api;

/**
 * The context of one intercepted MPI call, passed to every handler in the chain. Opaque: hand it
 * back to {@link Qmpi#getToolStorage}, {@link Qmpi#getCallingAddress}, {@link ToolFunction#invoke}
 * and {@link Qmpi#invokeNext}. Each call (and each thread) has its own context; do not keep it
 * after the handler returns.
 */
public interface QmpiContext {}
