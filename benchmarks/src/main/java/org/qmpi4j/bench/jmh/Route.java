package org.qmpi4j.bench.jmh;

import java.util.List;

/** How a call reached the binding, read from the frames between the caller and the binding method. */
enum Route {
    /** A plain invoke instruction: no agent, or a class the agent did not rewrite. */
    PLAIN,
    /** An {@code invokedynamic} linked straight to the binding method: method-handle frames only. */
    LINKED,
    /** Through the tool chain: frames of the agent between caller and binding. */
    CHAIN;

    /**
     * @param callers     the callers' classes of the binding method, innermost first
     * @param callerClass the class that made the call
     */
    static Route of(List<String> callers, String callerClass) {
        boolean methodHandles = false;
        boolean agent = false;
        for (String c : callers) {
            if (c.equals(callerClass)) {
                return agent ? CHAIN : methodHandles ? LINKED : PLAIN;
            }
            if (c.startsWith("org.qmpi4j.agent.")) {
                agent = true;
            } else if (c.startsWith("java.lang.invoke.")) {
                methodHandles = true;
            }
        }
        throw new IllegalStateException(callerClass + " is not among the callers " + callers);
    }
}
