package org.qmpi4j.tools.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import org.qmpi4j.tools.ToolSettings;

/**
 * Where the bundled tools put their results: the directory the user named (setting
 * {@code output}: system property {@code qmpi4j.output}, environment {@code QMPI4J_OUTPUT}), or
 * else a new folder {@code qmpi4j-<date>-<time>} in the working directory.
 *
 * <p>Only rank 0 decides (its clock and working directory); {@link OutputSession} broadcasts its
 * choice, so every rank of a job writes into the same folder even when their clocks disagree.
 *
 * <p>The one place that reads the setting: when the agent offers it as an MPI_T control variable
 * ({@code qmpi4j_output_dir}), this class is what changes.
 */
public final class OutputLocation {
    static final String KEY = "output";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private OutputLocation() {
    }

    /** The directory the user asked for, or {@code null}. */
    public static String requested(ToolSettings settings) {
        return settings.get(KEY);
    }

    /**
     * Chooses and creates the results directory (on rank 0): the requested one (created if
     * missing, reused if present), else a new {@code qmpi4j-<date>-<time>} under
     * {@code workingDir}, with {@code -2}, {@code -3}, ... appended when a job of the same second
     * took the name.
     */
    public static Path choose(ToolSettings settings, Path workingDir, LocalDateTime now) throws IOException {
        String requested = requested(settings);
        if (requested != null) {
            Path dir = workingDir.resolve(requested).toAbsolutePath().normalize();
            Files.createDirectories(dir);
            return dir;
        }
        String base = "qmpi4j-" + STAMP.format(now);
        for (int n = 1; ; n++) {
            Path dir = workingDir.resolve(n == 1 ? base : base + "-" + n).toAbsolutePath().normalize();
            try {
                Files.createDirectory(dir); // fails if it exists: the name is ours only if we made it
                return dir;
            } catch (java.nio.file.FileAlreadyExistsException taken) {
                if (n > 1000) {
                    throw taken;
                }
            }
        }
    }
}
