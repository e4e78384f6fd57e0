package org.qmpi4j.cli.aot;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code java} the ranks of a job run: the launcher starts it, not {@code qmpi4j}, so it is
 * found from the job's command (the first word named {@code java}, looked up on the job's
 * {@code PATH} when bare) and known by its JDK's {@code release} file, read once per job.
 */
public final class RankJava {
    private final Path binary;
    private final String version;
    private final String releaseStamp;

    RankJava(Path binary, String version, String releaseStamp) {
        this.binary = binary;
        this.version = version;
        this.releaseStamp = releaseStamp;
    }

    /** The java binary, symbolic links resolved. */
    public Path binary() {
        return binary;
    }

    /** The JDK's version as its release file says, e.g. {@code 25.0.3+9-LTS}. */
    public String version() {
        return version;
    }

    /** The release file's size and time: a JDK updated in place gets a new cache. */
    String releaseStamp() {
        return releaseStamp;
    }

    /** The feature version, e.g. 25 of {@code 25.0.3+9-LTS}, 8 of {@code 1.8.0_392}. */
    public int feature() {
        return featureOf(version);
    }

    static int featureOf(String version) {
        String[] parts = version.split("[.+_-]");
        try {
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The first word of the command whose file name is {@code java}, if any. */
    public static Optional<String> javaWord(List<String> command) {
        return command.stream()
                .filter(w -> !w.startsWith("-") && "java".equals(fileName(w)))
                .findFirst();
    }

    /**
     * The java of the command, or empty when the command names none (a script, MPJ Express'
     * launcher), it is not found, or its JDK has no release file to tell the version by.
     */
    public static Optional<RankJava> of(List<String> command, Map<String, String> env) {
        return javaWord(command).flatMap(w -> resolve(w, env)).flatMap(RankJava::at);
    }

    static Optional<Path> resolve(String word, Map<String, String> env) {
        if (word.contains("/")) {
            Path p = Path.of(word);
            return Files.isExecutable(p) ? Optional.of(p.toAbsolutePath()) : Optional.empty();
        }
        String path = env.getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, word))) {
                return Optional.of(Path.of(dir, word).toAbsolutePath());
            }
        }
        return Optional.empty();
    }

    /** The JDK of a java binary, by the {@code release} file beside its {@code bin} folder. */
    static Optional<RankJava> at(Path java) {
        try {
            Path real = java.toRealPath();
            Path bin = real.getParent();
            Path home = bin == null ? null : bin.getParent();
            if (home == null) {
                return Optional.empty();
            }
            Path release = home.resolve("release");
            if (!Files.isRegularFile(release)) {
                return Optional.empty();
            }
            String runtime = null;
            String plain = null;
            for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_RUNTIME_VERSION=")) {
                    runtime = unquote(line.substring("JAVA_RUNTIME_VERSION=".length()));
                } else if (line.startsWith("JAVA_VERSION=")) {
                    plain = unquote(line.substring("JAVA_VERSION=".length()));
                }
            }
            String version = runtime != null ? runtime : plain;
            if (version == null || version.isEmpty()) {
                return Optional.empty();
            }
            String stamp = Files.size(release) + "@"
                    + Files.getLastModifiedTime(release).toMillis();
            return Optional.of(new RankJava(real, version, stamp));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    private static String unquote(String value) {
        String v = value.trim();
        return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
    }

    private static String fileName(String word) {
        int slash = word.lastIndexOf('/');
        return slash < 0 ? word : word.substring(slash + 1);
    }
}
