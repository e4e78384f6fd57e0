package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;

/**
 * MPJ Express' real {@code mpj.jar} (its package {@code mpi} holds the same classes as
 * {@code MPJ_HOME/lib/mpi.jar} plus {@code mpiExp.jar}, which multicore ranks load), named by the
 * system property {@code mpj.jar} (see agent/pom.xml); scripts/setup-mpi.sh installs it into the
 * local Maven repository.
 */
final class MpjJar {
    private MpjJar() {
    }

    static File file() {
        String path = System.getProperty("mpj.jar");
        if (path == null || path.isEmpty()) {
            fail("system property mpj.jar is not set: run the tests with Maven (agent/pom.xml sets it),"
                    + " after scripts/setup-mpi.sh");
        }
        File f = new File(path);
        if (!f.isFile()) {
            fail("MPJ Express' mpj.jar not found at " + f + ": run scripts/setup-mpi.sh");
        }
        return f;
    }

    static URL url() {
        try {
            return file().toURI().toURL();
        } catch (MalformedURLException e) {
            throw new AssertionError(e);
        }
    }
}
