package org.qmpi4j.api.internal.log;

import java.io.IOException;
import java.nio.file.FileSystemException;
import org.qmpi4j.api.Nullable;

/**
 * The results folder could not be written: a full or read-only file system, a quota, a folder
 * whose permissions changed. Such a fault hits every tool and every rank on that file system at
 * once, so it is not printed where it happens (that would be one line per tool per rank, a
 * thousand lines for a thousand ranks): it is kept here, once per JVM, and the job says it in one
 * line at the end, from world rank 0 (the tools' output life cycle asks every rank at
 * {@code MPI_Finalize}, or rank 0 at exit when the job ends before).
 *
 * <p>Only faults of the file system count ({@link #isOutputFault}); a lost connection or a bug is
 * still a tool's own fault, reported where it happens.
 */
public final class OutputTrouble {
    private static final Object LOCK = new Object();
    /** Guarded by {@link #LOCK}: the first fault's description, or {@code null}. */
    private static @Nullable String first;
    /** Guarded by {@link #LOCK}. */
    private static long count;

    private OutputTrouble() {}

    /**
     * Whether {@code cause} (or one of its causes) says the file system refused a write: a
     * {@link FileSystemException} (read-only, access denied, no such folder any more), or an
     * {@link IOException} of a full disk or an exceeded quota, which Java reports without a type
     * of its own.
     */
    public static boolean isOutputFault(@Nullable Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof FileSystemException) {
                return true;
            }
            if (t instanceof IOException) {
                String m = t.getMessage();
                if (m != null
                        && (m.contains("No space left on device")
                                || m.contains("Disk quota exceeded")
                                || m.contains("Read-only file system"))) {
                    return true;
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /** Keeps the fault of {@code what} (e.g. {@code "profiler: writing ranks/rank-3.profile.json"}). */
    public static void record(String what, Throwable cause) {
        synchronized (LOCK) {
            if (first == null) {
                first = what + ": " + describe(cause);
            }
            count++;
        }
    }

    /** The first fault kept in this JVM, or {@code null} if none. */
    public static @Nullable String first() {
        synchronized (LOCK) {
            return first;
        }
    }

    /** How many faults were kept in this JVM. */
    public static long count() {
        synchronized (LOCK) {
            return count;
        }
    }

    /** Forgets the faults kept (for tests). */
    public static void clear() {
        synchronized (LOCK) {
            first = null;
            count = 0;
        }
    }

    /**
     * The exception in words a user reads: the file system's own reason (Java puts it last in a
     * {@link FileSystemException}'s message) rather than the class name.
     */
    private static String describe(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof FileSystemException) {
                FileSystemException f = (FileSystemException) t;
                String reason = f.getReason();
                return (f.getFile() == null ? "" : f.getFile() + ": ")
                        + (reason != null ? reason : t.getClass().getSimpleName());
            }
            if (t instanceof IOException && t.getMessage() != null) {
                return t.getMessage();
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return String.valueOf(cause);
    }
}
