package org.qmpi4j.it.support;

import java.nio.file.Files;
import java.nio.file.Path;

/** The jars that jobs run, as copied by the build into {@code target/it-lib}. */
public final class ItJars {
    private ItJars() {}

    public static Path lib() {
        String dir = System.getProperty("qmpi4j.it.lib");
        if (dir == null) {
            throw new IllegalStateException("system property qmpi4j.it.lib not set: run the tests through Maven");
        }
        return Path.of(dir);
    }

    /** A jar by artifact id, e.g. {@code qmpi4j-samples-openmpi}. */
    public static Path jar(String artifactId) {
        Path jar = lib().resolve(artifactId + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " missing: the build copies it in process-test-resources");
        }
        return jar;
    }

    /** This module's compiled test classes (test fixtures that run as MPI programs). */
    public static Path testClasses() {
        return lib().getParent().resolve("test-classes");
    }
}
