package org.qmpi4j.tools.jfr;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.WeakHashMap;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;
import org.qmpi4j.api.Nullable;

/**
 * Names the JVM's recordings after the MPI ranks it runs: a recording that will be written to a
 * file is written as {@code rank-3-<its name>} instead, in the same folder; a JVM of several ranks
 * (MPJ Express' multicore mode) as {@code ranks-0-3-<its name>}, since its one recording holds every
 * rank's events and the JVM's pauses stopped them all. A recording started with a folder
 * ({@code -XX:StartFlightRecording=filename=/tmp/rec/}) has no file name until the JVM writes it
 * ({@code hotspot-pid-4711-id-1-<date>.jfr}); it is given that name, with the rank in front, in
 * that folder (the folder read from the JVM's options, when one folder is named there). The rank
 * is known at {@code MPI_Init}; recordings started before are renamed then, those started later when
 * they start. A recording kept in memory, or stopped already, is left alone. Nothing happens before
 * Flight Recorder is up.
 */
final class RecordingNames {
    private static final String OPTION = "-XX:StartFlightRecording";
    /** The JDK's own date in a recording's file name. */
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy_MM_dd_HH_mm_ss");

    private static final SortedSet<Integer> RANKS = new TreeSet<>();
    /** Each recording's destination as its starter gave it (or the JDK would have named it). */
    private static final Map<Recording, Path> GIVEN = new WeakHashMap<>();
    /** The folder of {@code -XX:StartFlightRecording=filename=<folder>}, read once; null: none. */
    private static @Nullable Path folder;

    private static boolean folderRead;

    private RecordingNames() {}

    /** This JVM runs rank {@code rank} (of {@code COMM_WORLD}): names its recordings after it. */
    static synchronized void rank(int rank) {
        RANKS.add(rank);
        if (FlightRecorder.isInitialized()) {
            for (Recording r : FlightRecorder.getFlightRecorder().getRecordings()) {
                name(r);
            }
        }
    }

    /** A recording started: named after the ranks if they are known. */
    static synchronized void started(Recording r) {
        if (!RANKS.isEmpty()) {
            name(r);
        }
    }

    private static void name(Recording r) {
        RecordingState s = r.getState();
        if (s != RecordingState.NEW && s != RecordingState.DELAYED && s != RecordingState.RUNNING) {
            return;
        }
        Path now = r.getDestination();
        Path given = GIVEN.get(r);
        if (given == null) {
            given = now != null ? now : r.getDumpOnExit() ? jdkName(r) : null;
            if (given == null || given.getFileName() == null) {
                return;
            }
        }
        Path named = given.resolveSibling(prefix() + given.getFileName());
        if (named.equals(now)) {
            return;
        }
        try {
            r.setDestination(named);
            GIVEN.put(r, given);
            // Flight Recorder made the file it was given, empty, to see it could write there.
            if (now != null && Files.isRegularFile(now) && Files.size(now) == 0) {
                Files.delete(now);
            }
        } catch (java.io.IOException | RuntimeException e) {
            // not writable there, or stopped meanwhile: the recording keeps the name it had
        }
    }

    /** The name the JDK gives a recording dumped into the options' folder, or null without one. */
    private static @Nullable Path jdkName(Recording r) {
        if (!folderRead) {
            folderRead = true;
            folder = folder(ManagementFactory.getRuntimeMXBean().getInputArguments());
        }
        Path f = folder;
        return f == null ? null : jdkName(f, ProcessHandle.current().pid(), r);
    }

    /** {@code hotspot-pid-<pid>-id-<id>-<start date>.jfr} in {@code folder}, as the JDK names it. */
    static Path jdkName(Path folder, long pid, Recording r) {
        java.time.Instant start = r.getStartTime() != null ? r.getStartTime() : java.time.Instant.now();
        return folder.resolve("hotspot-pid-" + pid + "-id-" + r.getId() + "-"
                + DATE.format(start.atZone(ZoneId.systemDefault())) + ".jfr");
    }

    /**
     * The one folder the JVM's {@code -XX:StartFlightRecording} options name as {@code filename}
     * (an existing folder, or a name ending in {@code /}); null if none, or several (then which
     * recording is whose is not known).
     */
    static @Nullable Path folder(List<String> jvmArguments) {
        Path found = null;
        for (String a : jvmArguments) {
            if (!a.startsWith(OPTION)) {
                continue;
            }
            String options = a.substring(OPTION.length());
            if (options.startsWith("=") || options.startsWith(":")) {
                options = options.substring(1);
            }
            for (String o : options.split(",")) {
                if (o.startsWith("filename=")) {
                    String name = o.substring("filename=".length());
                    Path p = Path.of(name);
                    if (name.endsWith("/") || Files.isDirectory(p)) {
                        if (found != null && !found.equals(p)) {
                            return null;
                        }
                        found = p;
                    }
                }
            }
        }
        return found;
    }

    /** {@code rank-3-}, or {@code ranks-0-3-} for a JVM of several ranks. */
    static synchronized String prefix() {
        return RANKS.size() == 1 ? "rank-" + RANKS.first() + "-" : "ranks-" + RANKS.first() + "-" + RANKS.last() + "-";
    }
}
