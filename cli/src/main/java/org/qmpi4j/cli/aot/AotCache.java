package org.qmpi4j.cli.aot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.qmpi4j.api.Nullable;

/**
 * The JDK's ahead-of-time cache (JDK 25's {@code -XX:AOTCacheOutput} and {@code -XX:AOTCache})
 * for the ranks' JVMs: one file per ranks' JDK, agent jar and tool list, in an owner-only folder,
 * made by one training run of that JDK with the agent and no application (so the job itself, its
 * class path and its working directory take no part in training; see docs/architecture.md), and
 * then passed to every rank. Whatever goes wrong, the job runs as it would without it.
 */
public final class AotCache {
    /** The first JDK whose {@code java} trains and writes a cache in one run. */
    public static final int FIRST_FEATURE = 25;

    private static final long TRAINING_SECONDS = 120;

    /** What {@code qmpi4j run} adds to the ranks' JVM options, and its one line for the user. */
    public record Outcome(List<String> jvmOptions, String line) {
        static Outcome without(String why) {
            return new Outcome(List.of(), "AOT cache not used: " + why);
        }
    }

    private final Path dir;

    /** A cache kept in {@code dir}. */
    public AotCache(Path dir) {
        this.dir = dir;
    }

    /** {@code $QMPI4J_CACHE/aot}, else {@code $XDG_CACHE_HOME/qmpi4j/aot}, else {@code ~/.cache/qmpi4j/aot}. */
    public static Path defaultDir(Map<String, String> env) {
        String own = env.get("QMPI4J_CACHE");
        if (own != null && !own.isBlank()) {
            return Path.of(own).toAbsolutePath().resolve("aot");
        }
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.toAbsolutePath().resolve("qmpi4j").resolve("aot");
    }

    /**
     * The cache's name for this JDK (binary, version, release file), agent jar (path, size, time)
     * and tools: a change to any of them makes a new cache.
     */
    public static String key(RankJava java, Path agent, List<String> tools, @Nullable String toolPath)
            throws IOException {
        String text = String.join(
                "\n",
                java.binary().toString(),
                java.version(),
                java.releaseStamp(),
                agent.toAbsolutePath().toString(),
                Long.toString(Files.size(agent)),
                Long.toString(Files.getLastModifiedTime(agent).toMillis()),
                String.join(",", tools),
                toolPath == null ? "" : toolPath);
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "jdk" + java.feature() + "-" + HexFormat.of().formatHex(hash, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The ranks' JVM options for a cache at {@code file}: use it, and say nothing if it does not fit. */
    public static List<String> useOptions(Path file) {
        return List.of("-XX:AOTCache=" + file, "-Xlog:aot=off");
    }

    /**
     * The cache for the ranks' {@code java} (empty: the command names none this can read), training
     * it first if there is none yet.
     */
    public Outcome prepare(Optional<RankJava> java, Path agent, List<String> tools, @Nullable String toolPath) {
        if (java.isEmpty()) {
            return Outcome.without("the command names no java whose JDK this can tell (a 'java' word with its"
                    + " JDK's release file)");
        }
        RankJava jdk = java.get();
        if (jdk.feature() < FIRST_FEATURE) {
            return Outcome.without("the ranks' java is JDK " + jdk.feature() + " (needs " + FIRST_FEATURE + "+)");
        }
        try {
            Path file = dir.resolve(key(jdk, agent, tools, toolPath) + ".aot");
            if (Files.isRegularFile(file)) {
                return new Outcome(useOptions(file), "AOT cache used: " + file);
            }
            Optional<String> failure = train(jdk, agent, tools, toolPath, file);
            if (failure.isPresent()) {
                return Outcome.without("training it failed (" + failure.get() + ")");
            }
            return new Outcome(useOptions(file), "AOT cache trained: " + file);
        } catch (IOException | RuntimeException e) {
            return Outcome.without(e.toString());
        }
    }

    /** One run of the JDK with the agent, the tools and no application; empty when the cache is in place. */
    Optional<String> train(RankJava jdk, Path agent, List<String> tools, @Nullable String toolPath, Path file)
            throws IOException {
        ownerOnlyDirectories(dir);
        Path work = Files.createTempDirectory(dir, ".training-");
        try {
            Path tmp = work.resolve("cache.aot");
            List<String> cmd = new ArrayList<>(List.of(
                    jdk.binary().toString(),
                    "-XX:AOTCacheOutput=" + tmp,
                    "-Xlog:aot=off",
                    "-javaagent:" + agent.toAbsolutePath(),
                    "-version"));
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile());
            Map<String, String> env = pb.environment();
            env.keySet()
                    .removeIf(k -> k.startsWith("QMPI4J_")
                            || k.equals("JDK_JAVA_OPTIONS")
                            || k.equals("JAVA_TOOL_OPTIONS")
                            || k.equals("_JAVA_OPTIONS")
                            || k.equals("CLASSPATH"));
            env.put("QMPI4J_TOOLS", String.join(",", tools));
            if (toolPath != null) {
                env.put("QMPI4J_TOOLPATH", toolPath);
            }
            env.put("QMPI4J_OUTPUT", work.resolve("output").toString());
            Path log = work.resolve("training.log");
            pb.redirectErrorStream(true).redirectOutput(log.toFile());
            Process p = pb.start();
            if (!p.waitFor(TRAINING_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.of("no end after " + TRAINING_SECONDS + " s");
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(tmp) || Files.size(tmp) == 0) {
                return Optional.of("exit status " + p.exitValue() + ": " + lastLine(log));
            }
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
            // Jobs that train at the same time each rename a whole file: a job reads one or the other.
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                return Optional.of("the cache folder cannot rename atomically: " + e.getMessage());
            }
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        } finally {
            deleteTree(work);
        }
    }

    private static void ownerOnlyDirectories(Path dir) throws IOException {
        Files.createDirectories(dir);
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException notPosix) {
            // a file system without POSIX permissions keeps its own rules
        }
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (!lines.get(i).isBlank()) {
                    return lines.get(i).trim();
                }
            }
            return "no output";
        } catch (IOException e) {
            return "no output";
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover training folder under the cache folder costs nothing but its bytes
        }
    }
}
