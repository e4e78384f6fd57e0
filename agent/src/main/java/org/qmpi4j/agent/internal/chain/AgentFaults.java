package org.qmpi4j.agent.internal.chain;

import org.qmpi4j.api.internal.log.Log;

/**
 * Faults of the agent's own code on the call path (tools' are {@link ToolFaults}): the first
 * reported, all counted, and the MPI call goes ahead unchanged.
 */
public final class AgentFaults {
    private static final String AGENT_FAULT = "agent-fault";

    private AgentFaults() {}

    /** A failure while doing {@code what}: counted, reported once. */
    public static void report(String what, Throwable t) {
        Log.agent()
                .fault(
                        AGENT_FAULT,
                        "internal error while " + what + ": " + t + " (the MPI call went ahead unchanged;"
                                + " further internal errors are counted, not shown)",
                        t);
    }

    /** How many were reported in this JVM. */
    public static long count() {
        return Log.agent().count(AGENT_FAULT);
    }
}
