package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;

/** A real binding jar that surefire names in a system property (see agent/pom.xml). */
final class RealJar {
    private RealJar() {}

    /** The jar named by {@code property}; fails the test with what to run when it is missing. */
    static File file(String property, String what) {
        String path = System.getProperty(property);
        if (path == null || path.isEmpty()) {
            fail("system property " + property + " is not set: run the tests with Maven (agent/pom.xml sets it),"
                    + " after scripts/setup-mpi.sh");
        }
        File f = new File(path);
        if (!f.isFile()) {
            fail(what + " not found at " + f + ": run scripts/setup-mpi.sh");
        }
        return f;
    }

    static URL url(File file) {
        try {
            return file.toURI().toURL();
        } catch (MalformedURLException e) {
            throw new AssertionError(e);
        }
    }
}
