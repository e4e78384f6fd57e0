package org.qmpi4j.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.formats.worlds.WorldIndex;
import org.qmpi4j.report.files.RankFiles;

/**
 * How a job that {@code qmpi4j run} started ended, from what its ranks recorded and the launcher's
 * status: the exit status to end with, the first failing rank, and the worlds' records brought to
 * say how they ended.
 *
 * <p>The status is the application's, the same whatever launched it: the {@code MPI_Abort} code of
 * the rank that failed first ({@link RankFailure#exitStatus()}), 1 when an exception ended a rank's
 * main thread (as {@code java} exits), and otherwise the launcher's own status. Launchers differ
 * precisely there: {@code srun} reports the SIGTERM it sent the other ranks, MPJ Express' launcher
 * exits 0 whatever its ranks did.
 */
final class JobEnding {
    /** World states that a later, better-informed state replaces: nobody ended it, or an exit ended it. */
    private static final Set<String> REPLACEABLE = Set.of(WorldIndex.RUNNING, "exited");

    private final int status;
    private final @Nullable RankFailure first;
    private final List<String> notes;

    private JobEnding(int status, @Nullable RankFailure first, List<String> notes) {
        this.status = status;
        this.first = first;
        this.notes = notes;
    }

    /** The exit status {@code qmpi4j run} ends with. */
    int status() {
        return status;
    }

    /** The job's first failure, or {@code null}. */
    @Nullable
    RankFailure first() {
        return first;
    }

    /** Lines for the user (the first failure, world records that could not be updated). */
    List<String> notes() {
        return notes;
    }

    /**
     * Reads what the ranks recorded in {@code dir} (the job's folder and its spawned worlds'),
     * after the launcher ended with {@code launcherStatus}, and settles the worlds' states.
     */
    static JobEnding of(Path dir, int launcherStatus) {
        List<String> notes = new ArrayList<>();
        List<Path> worlds = new ArrayList<>();
        worlds.add(dir);
        RankFailure first = null;
        try {
            worlds.addAll(WorldIndex.spawnedFolders(dir));
            List<RankFailure> firsts = new ArrayList<>();
            for (Path w : worlds) {
                RankFailure f = RankFailure.first(RankFiles.failures(w, notes));
                if (f != null) {
                    firsts.add(f);
                }
                settle(dir, w, f, launcherStatus, notes);
            }
            first = RankFailure.first(firsts);
        } catch (IOException | RuntimeException e) {
            notes.add("cannot read the ranks' records in " + dir + ": " + e);
        }
        int status = first != null ? first.exitStatus() : launcherStatus;
        if (first != null) {
            notes.add(
                    0,
                    "first failure: " + first.describe() + " (exit status " + first.exitStatus() + "; the launcher's: "
                            + launcherStatus + ")");
            for (int i = 1; i < first.frames().size() && i < 4; i++) {
                notes.add(1 + (i - 1), "    at " + first.frames().get(i));
            }
        }
        return new JobEnding(status, first, notes);
    }

    /** The state world {@code world} ended in, as far as its ranks' files tell. */
    private static void settle(
            Path top, Path world, @Nullable RankFailure failure, int launcherStatus, List<String> notes) {
        if (!Files.isRegularFile(world.resolve(WorldIndex.WORLD_JSON))) {
            return;
        }
        String state;
        if (failure != null) {
            state = failure.kind() == RankFailure.Kind.ABORT ? "aborted" : WorldIndex.EXCEPTION;
        } else if (launcherStatus > 0 && launcherStatus < 128 && rankEndedInsideMpi(world)) {
            // A rank neither came back from MPI nor exited through its JVM, and the status is
            // not a signal's: the library ended it (errors-are-fatal ends the job from inside the
            // call, with the error class as status in Open MPI).
            state = WorldIndex.MPI_ERROR;
        } else {
            state = null;
        }
        try {
            if (state != null) {
                WorldIndex.settle(top, world, state, REPLACEABLE);
            } else {
                WorldIndex.settle(top, world, WorldIndex.ENDED, Set.of(WorldIndex.RUNNING));
            }
        } catch (IOException | RuntimeException e) {
            notes.add("cannot update " + world.resolve(WorldIndex.WORLD_JSON) + ": " + e);
        }
    }

    /** Whether a rank's profile in {@code world} still says {@code running} (it never wrote at exit). */
    private static boolean rankEndedInsideMpi(Path world) {
        Path ranks = ResultFiles.ranksDir(world);
        if (!Files.isDirectory(ranks)) {
            return false;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(ranks)) {
            for (Path f : files) {
                if (ResultFiles.rankOfProfile(f.getFileName().toString()) >= 0
                        && WorldIndex.RUNNING.equals(stateOf(f))) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    private static @Nullable String stateOf(Path rankProfile) {
        try {
            return JsonNode.parse(Files.readString(rankProfile, StandardCharsets.UTF_8))
                    .get("state")
                    .asString();
        } catch (IOException | JsonFormatException | RuntimeException e) {
            return null;
        }
    }
}
