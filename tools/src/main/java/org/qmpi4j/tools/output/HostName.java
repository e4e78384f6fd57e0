package org.qmpi4j.tools.output;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This machine's name, as the tools write it into profiles and the world index. Asked once per
 * JVM and without the name service where possible: {@link InetAddress#getLocalHost()} starts the
 * JDK's name service and resolves the name (milliseconds and dozens of classes in every rank of
 * every job, or much longer where DNS is slow), while Linux keeps the name in a file.
 */
public final class HostName {
    private static final String NAME = lookUp();

    private HostName() {}

    /** The host's name; {@code "unknown"} if nothing names it. */
    public static String get() {
        return NAME;
    }

    private static String lookUp() {
        // The kernel's name first: HOSTNAME is a shell variable that launchers pass on to every
        // rank (srun and sbatch do by default), so there it names the host the job was started from.
        try {
            String name =
                    new String(Files.readAllBytes(Path.of("/proc/sys/kernel/hostname")), StandardCharsets.UTF_8).trim();
            if (!name.isEmpty()) {
                return name;
            }
        } catch (Exception | LinkageError e) {
            // not Linux: the environment, else the name service
        }
        String h = System.getenv("HOSTNAME");
        if (h != null && !h.isBlank()) {
            return h.trim();
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
