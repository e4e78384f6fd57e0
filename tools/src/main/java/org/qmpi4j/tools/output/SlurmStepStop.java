package org.qmpi4j.tools.output;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.qmpi4j.api.internal.log.Log;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Makes an {@code MPI_Abort} under {@code srun} leave the files it leaves under {@code mpirun}.
 * {@code mpirun} stops the other ranks with SIGTERM, so their exit hooks write their files
 * ({@code exited}). When {@code srun} started the ranks itself, Slurm's PMIx plugin answers the
 * abort by killing the step with SIGKILL, and the others keep only what their last periodic flush
 * wrote. So, before the call goes ahead, the aborting rank asks Slurm to send SIGTERM to the step
 * (ignoring that signal itself, since its own files are already written and the abort must still
 * happen) and waits, a bounded time, until each other rank's files it can see were rewritten.
 * Ranks on other nodes write into their own node's folder, which this rank does not see: for them
 * it waits as long again as its own node's ranks took (at least {@link #UNSEEN_MIN_MS}), within the
 * same bound, since the nodes of one job are alike; a rank there that is slower still is killed
 * with what its last flush wrote.
 */
final class SlurmStepStop {
    /**
     * How long the aborting rank waits for Slurm, and then for the others' files, at most. The
     * wait ends as soon as every file was rewritten, so the bound matters only on a loaded node,
     * where the other ranks' exit hooks (a JVM's shutdown, the tools' last files) take seconds; a
     * rank still writing when the abort goes ahead is killed with what its last flush wrote.
     */
    private static final long GRACE_MS = 10_000;

    private static final long POLL_MS = 50;

    /** The least time given to the ranks this rank cannot see, after those it can see wrote. */
    static final long UNSEEN_MIN_MS = 1_000;

    private SlurmStepStop() {}

    /**
     * Whether this process is a task {@code srun} started as an MPI rank: a Slurm step's task, not
     * a child of Open MPI's daemons (which {@code mpirun} started inside an allocation, and which
     * name the rank in {@code OMPI_COMM_WORLD_RANK}).
     */
    static boolean applies(Map<String, String> env) {
        return env.containsKey("SLURM_JOB_ID")
                && env.containsKey("SLURM_STEP_ID")
                && env.containsKey("SLURM_PROCID")
                && !env.containsKey("OMPI_COMM_WORLD_RANK");
    }

    /** Sends SIGTERM to the step's other tasks and waits for their files in {@code ranksDir}. */
    static void stopOthers(Map<String, String> env, Path ranksDir, int rank, Log log) {
        String step = env.get("SLURM_JOB_ID") + "." + env.get("SLURM_STEP_ID");
        try {
            Map<Integer, FileTime> before = newestFiles(ranksDir, rank);
            Signal.handle(new Signal("TERM"), SignalHandler.SIG_IGN);
            Process scancel = new ProcessBuilder("scancel", "--signal=TERM", step)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!scancel.waitFor(GRACE_MS, TimeUnit.MILLISECONDS) || scancel.exitValue() != 0) {
                log.once(
                        "scancel",
                        "could not ask Slurm to stop step " + step
                                + " gently before MPI_Abort; the other ranks keep the files of their last flush");
                return;
            }
            long asked = System.nanoTime();
            long deadline = asked + TimeUnit.MILLISECONDS.toNanos(GRACE_MS);
            while (!rewritten(ranksDir, rank, before) && System.nanoTime() < deadline) {
                Thread.sleep(POLL_MS);
            }
            long now = System.nanoTime();
            long unseenWait = unseenWaitNanos(tasks(env) - 1 - before.size(), now - asked, deadline - now);
            if (unseenWait > 0) {
                TimeUnit.NANOSECONDS.sleep(unseenWait);
            }
        } catch (IOException | RuntimeException e) {
            log.once("scancel", "could not ask Slurm to stop step " + step + " gently before MPI_Abort: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * How long to wait for {@code unseen} ranks whose files are on other nodes, when this node's
     * took {@code seenTook} and {@code left} remains of the bound: as long again, at least
     * {@link #UNSEEN_MIN_MS}, at most what is left; nothing when every other rank was seen.
     */
    static long unseenWaitNanos(int unseen, long seenTook, long left) {
        if (unseen <= 0 || left <= 0) {
            return 0;
        }
        return Math.min(left, Math.max(seenTook, TimeUnit.MILLISECONDS.toNanos(UNSEEN_MIN_MS)));
    }

    /** The step's number of tasks, as Slurm tells each task; 0 when it does not. */
    static int tasks(Map<String, String> env) {
        String n = env.getOrDefault("SLURM_STEP_NUM_TASKS", env.get("SLURM_NTASKS"));
        try {
            return n == null ? 0 : Integer.parseInt(n.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static boolean rewritten(Path ranksDir, int rank, Map<Integer, FileTime> before) throws IOException {
        Map<Integer, FileTime> now = newestFiles(ranksDir, rank);
        for (Map.Entry<Integer, FileTime> e : before.entrySet()) {
            FileTime t = now.get(e.getKey());
            if (t == null || t.compareTo(e.getValue()) <= 0) {
                return false;
            }
        }
        return true;
    }

    /** Per other rank whose files are visible here, the newest modification time among them. */
    private static Map<Integer, FileTime> newestFiles(Path ranksDir, int rank) throws IOException {
        Map<Integer, FileTime> newest = new HashMap<>();
        if (!Files.isDirectory(ranksDir)) {
            return newest;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(ranksDir, "rank-*")) {
            for (Path f : files) {
                int r = rankOf(f.getFileName().toString());
                if (r >= 0 && r != rank) {
                    FileTime t = Files.getLastModifiedTime(f);
                    newest.merge(r, t, (a, b) -> a.compareTo(b) >= 0 ? a : b);
                }
            }
        }
        return newest;
    }

    /** The rank in a name {@code rank-<r>.<suffix>}, or -1. */
    static int rankOf(String name) {
        int end = name.indexOf('.', 5);
        if (!name.startsWith("rank-") || end < 0) {
            return -1;
        }
        try {
            return Integer.parseInt(name.substring(5, end));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
