package org.qmpi4j.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Where the jars that benchmarks run are: resolved by the build ({@code bench.properties}, filled
 * in by Maven; the agent and samples are copied to {@code target/bench-lib}), each overridable with
 * the system property {@code qmpi4j.bench.<key>}.
 */
public final class BenchEnvironment {
    private static final Properties PATHS = load();

    private BenchEnvironment() {}

    /** The shaded agent jar, for {@code -javaagent:}. */
    public static Path agentJar() {
        return jar("agent.jar");
    }

    /** The pass-through tool alone (no fake binding in it): a tool path entry for real MPI jobs. */
    public static Path toolsJar() {
        return jar("tools.jar");
    }

    /** The start-up probe alone: the main class of the start-up measurement. */
    public static Path startupJar() {
        return jar("startup.jar");
    }

    public static Path samplesOpenMpiJar() {
        return jar("samples.openmpi.jar");
    }

    public static Path samplesCommonJar() {
        return jar("samples.common.jar");
    }

    /** The {@code java} running this code, which every child JVM and MPI rank uses too. */
    public static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    private static Path jar(String key) {
        String configured = System.getProperty("qmpi4j.bench." + key);
        Path p = Path.of(configured != null ? configured : PATHS.getProperty(key));
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException(key + " not found at " + p + ": build the benchmarks module first"
                    + " (mvn -B package -DskipTests -pl benchmarks -am), or set -Dqmpi4j.bench." + key);
        }
        return p;
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = BenchEnvironment.class.getResourceAsStream("bench.properties")) {
            if (in == null) {
                throw new IllegalStateException("bench.properties missing from the benchmarks' classes");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
