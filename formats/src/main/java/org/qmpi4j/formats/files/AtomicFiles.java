package org.qmpi4j.formats.files;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes files so that a reader (or a crash) never sees half a file: the content goes to a
 * temporary file in the same directory, which is then renamed over the target in one step.
 */
public final class AtomicFiles {
    /** Writes a file's content to a {@link Writer}. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFiles() {}

    /**
     * Writes {@code content} as UTF-8, then renames it into place. The bytes are written at once,
     * without a {@link Writer} or a lambda: every short job writes a few such files.
     */
    public static void write(Path target, String content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = temporaryFor(target);
        try {
            Files.write(
                    tmp,
                    content.getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            moveIntoPlace(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes UTF-8 text produced by {@code content}, then renames it into place. */
    public static void write(Path target, Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = temporaryFor(target);
        try {
            try (Writer out = new BufferedWriter(
                    new OutputStreamWriter(
                            Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                            StandardCharsets.UTF_8),
                    1 << 16)) {
                content.writeTo(out);
            }
            moveIntoPlace(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * A new name for a temporary file next to {@code target}: hidden, and unique per process and
     * call, so ranks sharing a directory never collide. Created with {@code CREATE_NEW}, the file
     * gets the usual permissions (the umask's), not the owner-only ones of
     * {@link Files#createTempFile}: results are often shared.
     */
    public static Path temporaryFor(Path target) {
        return target.toAbsolutePath()
                .resolveSibling("." + target.getFileName() + "."
                        + ProcessId.get() + "." + Long.toHexString(COUNTER.incrementAndGet())
                        + Long.toHexString(System.nanoTime() & 0xffffff) + ".tmp");
    }

    /** Renames {@code tmp} to {@code target} atomically where the file system can. */
    public static void moveIntoPlace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
