package org.qmpi4j.agent.internal.binding;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * The real Open MPI {@code mpi.jar}, which surefire names in the system property
 * {@code openmpi.jar} (see agent/pom.xml); scripts/setup-mpi.sh installs it into the local Maven
 * repository.
 */
final class OpenMpiJar {
    private OpenMpiJar() {}

    static File file() {
        return RealJar.file("openmpi.jar", "Open MPI's mpi.jar");
    }

    static URL url() {
        return RealJar.url(file());
    }

    /**
     * A loader that sees mpi.jar (and the platform classes) and records every class it is asked
     * to load and every resource it is asked for.
     */
    static final class RecordingLoader extends URLClassLoader {
        final List<String> loadRequests = new ArrayList<>();
        final List<String> resourceRequests = new ArrayList<>();

        RecordingLoader(URL... urls) {
            super(urls, ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (loadRequests) {
                loadRequests.add(name);
            }
            return super.loadClass(name, resolve);
        }

        @Override
        public URL getResource(String name) {
            synchronized (resourceRequests) {
                resourceRequests.add(name);
            }
            return super.getResource(name);
        }

        Class<?> alreadyLoaded(String name) {
            return findLoadedClass(name);
        }
    }
}
