package org.qmpi4j.tools.profiler;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.RankProfile;

/** Facts about this process that help read a report: host, process id, main class, Java version. */
final class ProcessFacts {
    private static final String HOST = org.qmpi4j.tools.output.HostName.get();
    private static final String PID = Long.toString(org.qmpi4j.formats.files.ProcessId.get());
    private static final @Nullable String MAIN = mainClass();
    private static final String JAVA = System.getProperty("java.version");

    private ProcessFacts() {}

    static void describe(RankProfile.Builder b) {
        b.environment("host", HOST)
                .environment("pid", PID)
                .environment("main", MAIN)
                .environment("java", JAVA);
    }

    /**
     * Set by a wrapper that runs the application's main class from its own main (the launcher's MPJ
     * wrappers, {@code org.qmpi4j.launch.internal.NiodevRankMain#MAIN_CLASS_PROPERTY}): then the
     * JVM's command names the wrapper, not the application.
     */
    static final String MAIN_CLASS_PROPERTY = "qmpi4j.main-class";

    private static @Nullable String mainClass() {
        String wrapped = System.getProperty(MAIN_CLASS_PROPERTY);
        if (wrapped != null && !wrapped.isBlank()) {
            return wrapped.trim();
        }
        String command = System.getProperty("sun.java.command");
        if (command == null || command.isBlank()) {
            return null;
        }
        int space = command.indexOf(' ');
        return space < 0 ? command : command.substring(0, space);
    }
}
