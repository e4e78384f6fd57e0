package org.qmpi4j.agent.internal.binding;

import java.io.File;
import java.net.URL;

/**
 * MPJ Express' real {@code mpj.jar} (its package {@code mpi} holds the same classes as
 * {@code MPJ_HOME/lib/mpi.jar} plus {@code mpiExp.jar}, which multicore ranks load), named by the
 * system property {@code mpj.jar} (see agent/pom.xml); scripts/setup-mpi.sh installs it into the
 * local Maven repository.
 */
final class MpjJar {
    private MpjJar() {}

    static File file() {
        return RealJar.file("mpj.jar", "MPJ Express' mpj.jar");
    }

    static URL url() {
        return RealJar.url(file());
    }
}
