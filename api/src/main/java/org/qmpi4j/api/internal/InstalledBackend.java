package org.qmpi4j.api.internal;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The one backend of this class loader. Set once: a second installation would silently re-route
 * every tool already registered with the first, so it fails instead.
 */
final class InstalledBackend {
    private static final AtomicReference<QmpiBackend> BACKEND = new AtomicReference<>();

    private InstalledBackend() {}

    static void set(QmpiBackend backend) {
        if (backend == null) {
            throw new IllegalArgumentException("no backend");
        }
        if (!BACKEND.compareAndSet(null, backend)) {
            throw new IllegalStateException("a qmpi4j backend is installed already: it can be set once");
        }
    }

    static QmpiBackend get() {
        QmpiBackend b = BACKEND.get();
        if (b == null) {
            throw new IllegalStateException(
                    "the qmpi4j agent is not attached: start the JVM with -javaagent:qmpi4j-agent.jar");
        }
        return b;
    }
}
