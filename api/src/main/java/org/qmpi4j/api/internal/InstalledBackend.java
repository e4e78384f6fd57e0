package org.qmpi4j.api.internal;

import org.qmpi4j.api.Nullable;

/**
 * The one backend of this class loader. Set once: a second installation would silently re-route
 * every tool already registered with the first, so it fails instead.
 */
final class InstalledBackend {
    /**
     * Volatile and set under the class lock, not an {@code AtomicReference}: the first atomic
     * reference a JVM makes spins a var handle's adapters, in every JVM the agent starts in.
     */
    private static volatile @Nullable QmpiBackend backend;

    private InstalledBackend() {}

    static synchronized void set(QmpiBackend newBackend) {
        if (newBackend == null) {
            throw new IllegalArgumentException("no backend");
        }
        if (backend != null) {
            throw new IllegalStateException("a qmpi4j backend is installed already: it can be set once");
        }
        backend = newBackend;
    }

    static QmpiBackend get() {
        QmpiBackend b = backend;
        if (b == null) {
            throw new IllegalStateException(
                    "the qmpi4j agent is not attached: start the JVM with -javaagent:qmpi4j-agent.jar");
        }
        return b;
    }
}
