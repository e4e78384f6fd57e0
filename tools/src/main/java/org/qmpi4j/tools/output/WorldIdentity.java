package org.qmpi4j.tools.output;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.output.OutputDirectory;
import org.qmpi4j.formats.files.ProcessId;

/**
 * Who this process's {@code MPI_COMM_WORLD} is within the job, as rank 0 sees it: an id unique in
 * the job, whether the world was spawned and by which world, and the command it runs.
 *
 * <p>With Open MPI the id is the world's job id ({@code OMPI_MCA_ess_base_jobid}, the same on every
 * rank of a world and different for each spawn), and a spawned world names its parent's job id in
 * {@code OMPI_PARENT_PORT} ({@code <jobid>.<vpid>:<tag>}). Elsewhere the id is made from the time,
 * rank 0's pid and a counter, and the parent cannot be named (only that there is one).
 */
final class WorldIdentity {
    private static final AtomicInteger COUNTER = new AtomicInteger();
    /** Linux's clock ticks per second for {@code /proc} times ({@code USER_HZ}, 100 on every architecture). */
    private static final int USER_HZ = 100;

    final String id;
    /** The parent world's id; {@code ""} when spawned by a world that cannot be named; {@code null} when not spawned. */
    final @Nullable String parent;

    final String command;
    final long jvmStartMillis;

    private WorldIdentity(String id, @Nullable String parent, String command, long jvmStartMillis) {
        this.id = id;
        this.parent = parent;
        this.command = command;
        this.jvmStartMillis = jvmStartMillis;
    }

    /** This process's world; {@code hasParent}: what {@code MPI_Comm_get_parent} said. */
    static WorldIdentity of(boolean hasParent, Map<String, String> env) {
        String job = env.get("OMPI_MCA_ess_base_jobid");
        if (job == null || job.isBlank()) {
            job = env.get("PMIX_NAMESPACE");
        }
        String id = job != null && !job.isBlank()
                ? job.trim()
                : "w" + OutputDirectory.timestamp(System.currentTimeMillis()) + "-" + ProcessId.get() + "-"
                        + COUNTER.incrementAndGet();
        String port = env.get("OMPI_PARENT_PORT");
        @Nullable String parent = null;
        if (port != null && !port.isBlank()) {
            int dot = port.indexOf('.');
            parent = dot > 0 ? port.substring(0, dot) : "";
        } else if (hasParent) {
            parent = "";
        }
        return new WorldIdentity(id, parent, command(), jvmStart(parent != null));
    }

    /**
     * When this JVM started, by the same clock as {@link System#currentTimeMillis()}. A spawned
     * world needs it to the millisecond (its parent's spawn calls are timed with that clock, and
     * the index matches children to calls by it), so it asks the runtime MXBean, whose
     * {@code java.management} classes cost a short job tens of milliseconds to load. A world
     * nobody spawned only sorts and labels by it: the operating system's process start time, known
     * to about a second on Linux, is enough there. Read from {@code /proc} as the JDK's
     * {@code ProcessHandle} reads it, without the few milliseconds that handle's first use costs.
     */
    private static long jvmStart(boolean spawned) {
        try {
            if (spawned) {
                return java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
            }
            long linux = linuxProcessStart();
            if (linux > 0) {
                return linux;
            }
            java.util.Optional<java.time.Instant> start =
                    ProcessHandle.current().info().startInstant();
            return start.isPresent() ? start.get().toEpochMilli() : System.currentTimeMillis();
        } catch (RuntimeException | LinkageError e) {
            return System.currentTimeMillis();
        }
    }

    /**
     * This process's start from {@code /proc}: the boot time ({@code btime} of {@code /proc/stat},
     * in seconds) plus the process's start in clock ticks after boot (field 22 of
     * {@code /proc/self/stat}); {@code -1} when they cannot be read (not Linux).
     */
    static long linuxProcessStart() {
        try {
            String stat = new String(Files.readAllBytes(Path.of("/proc/self/stat")), StandardCharsets.US_ASCII);
            // Fields after the command name (which may hold spaces), from field 3 on: field 22 is the 20th.
            int at = stat.lastIndexOf(')') + 2;
            for (int field = 3; field < 22; field++) {
                at = stat.indexOf(' ', at) + 1;
                if (at <= 0) {
                    return -1;
                }
            }
            int end = stat.indexOf(' ', at);
            long ticks = Long.parseLong(
                    stat.substring(at, end < 0 ? stat.length() : end).trim());
            String all = new String(Files.readAllBytes(Path.of("/proc/stat")), StandardCharsets.US_ASCII);
            int b = all.startsWith("btime ") ? 0 : all.indexOf("\nbtime ") + 1;
            if (b <= 0 && !all.startsWith("btime ")) {
                return -1;
            }
            int lineEnd = all.indexOf('\n', b);
            long bootSeconds = Long.parseLong(
                    all.substring(b + 6, lineEnd < 0 ? all.length() : lineEnd).trim());
            return bootSeconds * 1000 + ticks * 1000 / USER_HZ;
        } catch (Exception | LinkageError e) {
            return -1;
        }
    }

    /** The main class or jar and the program's arguments, as the JVM was started. */
    private static String command() {
        String c = System.getProperty("sun.java.command");
        return c == null || c.isBlank() ? "(unknown)" : c;
    }
}
