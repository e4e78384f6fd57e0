package org.qmpi4j.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Where the installed MPI runtimes are. Everything here is put in place by
 * {@code scripts/setup-mpi.sh}; each lookup fails with a message that says so when it is missing.
 */
public final class MpiRuntimes {
    private static final String SETUP_HINT = "run scripts/setup-mpi.sh (as root) to install it";
    private static final Properties VERSIONS = loadVersions();

    private MpiRuntimes() {}

    /** Open MPI version of the Java bindings the build uses, e.g. {@code 4.1.4}. */
    public static String openMpiVersion() {
        return VERSIONS.getProperty("openmpi.version");
    }

    /** MPJ Express version, e.g. {@code 0.44}. */
    public static String mpjVersion() {
        return VERSIONS.getProperty("mpj.version");
    }

    /**
     * Open MPI's {@code mpi.jar}: system property {@code qmpi4j.openmpi.jar}, else environment
     * {@code QMPI4J_OPENMPI_JAR}, else the local Maven repository
     * ({@code org.open-mpi:mpi:<version>}, installed by the setup script).
     */
    public static Path openMpiJar() {
        String configured =
                firstNonBlank(System.getProperty("qmpi4j.openmpi.jar"), System.getenv("QMPI4J_OPENMPI_JAR"));
        Path jar = configured != null
                ? Path.of(configured)
                : localRepository()
                        .resolve("org/open-mpi/mpi/" + openMpiVersion() + "/mpi-" + openMpiVersion() + ".jar");
        return requireFile(jar, "Open MPI's Java bindings (mpi.jar)");
    }

    /** {@code mpirun} from the {@code PATH}. */
    public static Path mpirun() {
        return onPath("mpirun", "Open MPI's mpirun (Debian package openmpi-bin)");
    }

    /**
     * A usable MPJ Express home: {@code MPJ_HOME} if it holds {@code lib/mpj.jar}, else
     * {@code ~/.qmpi4j/mpj} as prepared by the setup script.
     */
    public static Path mpjHome() {
        String env = System.getenv("MPJ_HOME");
        Path home = env != null && !env.isBlank() && Files.isRegularFile(Path.of(env, "lib", "mpj.jar"))
                ? Path.of(env)
                : Path.of(System.getProperty("user.home"), ".qmpi4j", "mpj");
        requireFile(home.resolve("lib").resolve("mpj.jar"), "MPJ Express (MPJ_HOME/lib/mpj.jar)");
        requireFile(home.resolve("lib").resolve("log4j-1.2.jar"), "MPJ Express' log4j (MPJ_HOME/lib/log4j-1.2.jar)");
        return home;
    }

    /** A jar of MPJ_HOME/lib by its plain name, e.g. {@code mpj.jar}. */
    public static Path mpjJar(String name) {
        return requireFile(mpjHome().resolve("lib").resolve(name), "MPJ Express jar " + name);
    }

    static Path localRepository() {
        String configured = System.getProperty("maven.repo.local");
        return configured != null && !configured.isBlank()
                ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    private static Path onPath(String command, String what) {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path candidate = Path.of(dir, command);
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        throw new IllegalStateException(what + " not found on PATH; " + SETUP_HINT);
    }

    private static Path requireFile(Path file, String what) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException(what + " not found at " + file + "; " + SETUP_HINT);
        }
        return file;
    }

    private static String firstNonBlank(String a, String b) {
        if (a != null && !a.isBlank()) {
            return a;
        }
        return b != null && !b.isBlank() ? b : null;
    }

    private static Properties loadVersions() {
        Properties p = new Properties();
        try (InputStream in = MpiRuntimes.class.getResourceAsStream("runtimes.properties")) {
            if (in == null) {
                throw new IllegalStateException("runtimes.properties missing from the launcher jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
