package org.qmpi4j.formats.files;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's id, read once. On Linux from the {@code /proc/self} link: the first call of
 * {@link ProcessHandle#current()} initialises the JDK's process machinery (its reaper thread
 * factory and native state), a few milliseconds of a short job's start that only the id was used for.
 */
public final class ProcessId {
    private static final long PID = lookUp();

    private ProcessId() {}

    /** The id of the process this JVM runs in. */
    public static long get() {
        return PID;
    }

    private static long lookUp() {
        try {
            return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/self")).toString());
        } catch (Exception | LinkageError e) {
            return ProcessHandle.current().pid(); // not Linux
        }
    }
}
