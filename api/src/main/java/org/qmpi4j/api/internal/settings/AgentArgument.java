package org.qmpi4j.api.internal.settings;

import org.qmpi4j.api.Nullable;

/**
 * The text after {@code =} in {@code -javaagent:qmpi4j-agent.jar=...}, published by the agent in
 * premain so that {@link org.qmpi4j.api.settings.Settings#current()} (read by tools, in the
 * application's class loader) sees the same first source as the agent. Set once; later calls are
 * ignored, so nothing but the agent's premain decides it.
 */
public final class AgentArgument {
    private static volatile @Nullable String text;
    private static volatile boolean set;

    private AgentArgument() {}

    /** Publishes the agent argument ({@code null}: none); only the first call counts. */
    public static synchronized void publish(@Nullable String agentArgument) {
        if (!set) {
            text = agentArgument;
            set = true;
        }
    }

    /** The published agent argument, or {@code null}. */
    public static @Nullable String get() {
        return text;
    }
}
