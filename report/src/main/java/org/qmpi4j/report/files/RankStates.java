package org.qmpi4j.report.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.RankRanges;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.trace.ShardEnd;

/**
 * Which ranks of a job left less than a finished rank leaves, and why, as far as the files in
 * {@code ranks/} tell: for {@code qmpi4j merge} and {@code qmpi4j report} on partial results.
 *
 * <p>What each rank's files say: a profile is rewritten whole (atomically) during the run with
 * its state ({@code running}, then {@code finalized}, {@code exited} or {@code aborted}); a trace
 * shard is appended to and ends with an end line at {@code MPI_Finalize}; a temporary file
 * ({@code .rank-<r>....tmp}) is a write that never finished. Nothing on disk tells a SIGKILL from a
 * lost node or a time limit (none lets the process say anything), so those share one reason;
 * the world's record ({@code world.json}, written by rank 0) adds that the job itself got through
 * {@code MPI_Finalize}, which points at the rank's file system.
 */
public final class RankStates {
    static final String NO_FILES = "no files: nothing of this rank is here (its process or node was lost before"
            + " its first write, or its files are on a node's disk not copied here)";
    static final String CUT_OFF = "cut off during the run: its files are as last written while it ran (its process"
            + " ended without a word, as after SIGKILL, a time limit or a lost node, or its file system refused"
            + " later writes)";
    static final String REFUSED = "its file system refused its last writes: the job got through MPI_Finalize"
            + " (world.json) but this rank's files are as last written during the run";
    static final String EXITED = "stopped before MPI_Finalize: its JVM exited (an exception, System.exit, or a"
            + " signal such as the launcher's SIGTERM); its files are as written at exit";
    static final String ABORTED = "called MPI_Abort; its files are as written then";
    static final String TRACE_CUT = "its trace has no end line: cut off before MPI_Finalize (its process ended,"
            + " or its file system refused later writes)";
    static final String WRITE_CUT = "; a write was cut off (a temporary file is left)";

    private RankStates() {}

    /**
     * One line per reason, each naming its ranks ({@code rank(s) [4-5]: no files: ...}), in the
     * order of their first rank; empty when every rank of {@code size} finished.
     *
     * @param profiles   what {@link RankFiles#mergeProfiles} read
     * @param worldState the state in the world's {@code world.json}, or {@code null} if unknown
     */
    public static List<String> describe(Path dir, int size, RankFiles.Merged profiles, @Nullable String worldState)
            throws IOException {
        Path ranks = ResultFiles.ranksDir(dir);
        Set<Integer> withFiles = new HashSet<>();
        Set<Integer> traces = new HashSet<>();
        Set<Integer> leftovers = new HashSet<>();
        if (Files.isDirectory(ranks)) {
            try (DirectoryStream<Path> listing = Files.newDirectoryStream(ranks)) {
                for (Path f : listing) {
                    String name = f.getFileName().toString();
                    int trace = ResultFiles.rankOfTrace(name);
                    if (trace >= 0) {
                        if (Files.size(f) > 0) {
                            traces.add(trace);
                            withFiles.add(trace);
                        }
                        continue;
                    }
                    int r = rankOfFile(name);
                    if (r >= 0) {
                        withFiles.add(r);
                    } else if (name.startsWith(".") && name.endsWith(".tmp")) {
                        int cut = rankOfFile(name.substring(1));
                        if (cut >= 0) {
                            leftovers.add(cut);
                        }
                    }
                }
            }
        }
        Map<String, List<Integer>> byReason = new LinkedHashMap<>();
        for (int r = 0; r < size; r++) {
            String reason = reason(r, withFiles, traces, profiles, worldState, ranks);
            if (reason == null && !leftovers.contains(r)) {
                continue;
            }
            String why = reason == null ? WRITE_CUT.substring(2) : reason + (leftovers.contains(r) ? WRITE_CUT : "");
            byReason.computeIfAbsent(why, k -> new ArrayList<>()).add(r);
        }
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, List<Integer>> e : byReason.entrySet()) {
            lines.add(
                    (e.getValue().size() == 1 ? "rank " + e.getValue().get(0) : "ranks " + RankRanges.of(e.getValue()))
                            + ": " + e.getKey());
        }
        return lines;
    }

    private static @Nullable String reason(
            int r,
            Set<Integer> withFiles,
            Set<Integer> traces,
            RankFiles.Merged profiles,
            @Nullable String worldState,
            Path ranks)
            throws IOException {
        if (!withFiles.contains(r)) {
            return NO_FILES;
        }
        String unreadable = profiles.unreadable().get(r);
        if (unreadable != null) {
            return "its profile cannot be read (" + unreadable + ")";
        }
        RankProfile.State state = profiles.states().get(r);
        if (state == RankProfile.State.RUNNING) {
            return "finalized".equals(worldState) ? REFUSED : CUT_OFF;
        }
        if (state == RankProfile.State.EXITED) {
            return EXITED;
        }
        if (state == RankProfile.State.ABORTED) {
            return ABORTED;
        }
        if (traces.contains(r) && !ended(ResultFiles.rankTrace(Objects.requireNonNull(ranks.getParent()), r))) {
            return TRACE_CUT;
        }
        return null;
    }

    /** Whether a trace shard ends with its end record: read from its tail only. */
    static boolean ended(Path trace) throws IOException {
        return ShardEnd.ended(trace);
    }

    /** {@code r} of {@code rank-<r>.<anything>} (a profile, a check file), else -1. */
    private static int rankOfFile(String name) {
        if (!name.startsWith("rank-")) {
            return -1;
        }
        int dot = name.indexOf('.', 5);
        if (dot <= 5) {
            return -1;
        }
        try {
            return Integer.parseInt(name.substring(5, dot));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
