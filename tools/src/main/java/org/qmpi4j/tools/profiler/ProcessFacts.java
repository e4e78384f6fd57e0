package org.qmpi4j.tools.profiler;

import org.qmpi4j.report.profile.RankProfile;

/** Facts about this process that help read a report: host, process id, main class, Java version. */
final class ProcessFacts {
    private static final String HOST = host();
    private static final String PID = Long.toString(ProcessHandle.current().pid());
    private static final String MAIN = mainClass();
    private static final String JAVA = System.getProperty("java.version");

    private ProcessFacts() {}

    static void describe(RankProfile.Builder b) {
        b.environment("host", HOST)
                .environment("pid", PID)
                .environment("main", MAIN)
                .environment("java", JAVA);
    }

    private static String host() {
        String h = System.getenv("HOSTNAME");
        if (h != null && !h.isBlank()) {
            return h;
        }
        // Linux names the host here; InetAddress.getLocalHost() would give the same name after
        // starting the JDK's name service and resolving it (milliseconds and dozens of classes at
        // MPI_Init, or much longer with a slow DNS), so it is only the fallback.
        try {
            String name = new String(
                            java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/sys/kernel/hostname")),
                            java.nio.charset.StandardCharsets.UTF_8)
                    .trim();
            if (!name.isEmpty()) {
                return name;
            }
        } catch (Exception | LinkageError e) {
            // not Linux: ask the name service
        }
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }

    private static String mainClass() {
        String command = System.getProperty("sun.java.command");
        if (command == null || command.isBlank()) {
            return null;
        }
        int space = command.indexOf(' ');
        return space < 0 ? command : command.substring(0, space);
    }
}
