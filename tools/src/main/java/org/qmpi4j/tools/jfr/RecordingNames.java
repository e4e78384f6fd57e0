package org.qmpi4j.tools.jfr;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.WeakHashMap;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;

/**
 * Names the JVM's recordings after the MPI ranks it runs: a recording that will be written to a
 * file ({@code -XX:StartFlightRecording=filename=/tmp/rec/} gives
 * {@code /tmp/rec/hotspot-pid-4711-id-1-<date>.jfr}) is written as
 * {@code rank-3-hotspot-pid-4711-id-1-<date>.jfr} instead, in the same folder; a JVM of several ranks
 * (MPJ Express' multicore mode) as {@code ranks-0-3-...}, since its one recording holds every
 * rank's events and the JVM's pauses stopped them all. The rank is known at {@code MPI_Init};
 * recordings started before are renamed then, those started later when they start. A recording
 * without a file, or stopped already, is left alone. Nothing happens before Flight Recorder is up.
 */
final class RecordingNames {
    private static final SortedSet<Integer> RANKS = new TreeSet<>();
    /** Each recording's destination as its starter gave it, before a rank's name was put in front. */
    private static final Map<Recording, Path> GIVEN = new WeakHashMap<>();

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

    /** A recording started or changed state: named after the ranks if they are known. */
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
        if (now == null || now.getFileName() == null) {
            return;
        }
        Path given = GIVEN.computeIfAbsent(r, k -> now);
        Path named = given.resolveSibling(prefix() + given.getFileName());
        if (!named.equals(now)) {
            try {
                r.setDestination(named);
                GIVEN.put(r, given);
                // Flight Recorder made the file it was given, empty, to see it could write there.
                if (Files.isRegularFile(now) && Files.size(now) == 0) {
                    Files.delete(now);
                }
            } catch (java.io.IOException | RuntimeException e) {
                // not writable there, or stopped meanwhile: the recording keeps the name it had
            }
        }
    }

    /** {@code rank-3-}, or {@code ranks-0-3-} for a JVM of several ranks. */
    static synchronized String prefix() {
        return RANKS.size() == 1 ? "rank-" + RANKS.first() + "-" : "ranks-" + RANKS.first() + "-" + RANKS.last() + "-";
    }
}
