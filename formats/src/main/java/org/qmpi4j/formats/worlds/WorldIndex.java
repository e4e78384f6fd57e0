package org.qmpi4j.formats.worlds;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.AtomicFiles;

/**
 * The worlds of a job that share one results folder. The first world without a parent writes
 * into the folder itself (as a job of one world always did); every spawned world writes into
 * {@code worlds/<id>/}. Each world's rank 0 keeps {@code world.json} in its own folder; the job's
 * folder gets {@code worlds.json} (every world's record, for scripts) and {@code worlds.txt} (the
 * job summary, for people) as soon as it holds more than one world. Both are rebuilt from the
 * {@code world.json} files under a file lock, so worlds finishing at the same time never lose each
 * other's lines, and written atomically.
 */
public final class WorldIndex {
    public static final String WORLD_JSON = "world.json";
    public static final String WORLDS_JSON = "worlds.json";
    public static final String WORLDS_TXT = "worlds.txt";
    public static final String WORLDS_DIR = "worlds";
    static final String LOCK = ".qmpi4j-worlds.lock";
    /** The state of a world whose rank 0 has not ended it ({@link WorldRecord#state}). */
    public static final String RUNNING = "running";
    /** The state of a world one of whose ranks ended by an uncaught exception in its main thread. */
    public static final String EXCEPTION = "exception";
    /**
     * The state {@code qmpi4j run} gives a world that ended with a non-zero status while a rank
     * had neither returned from MPI nor exited through its JVM, nor recorded a failure: the MPI
     * library ended that rank from inside a call (a fatal MPI error under
     * {@code MPI_ERRORS_ARE_FATAL}).
     */
    public static final String MPI_ERROR = "mpi-error";
    /** The state {@code qmpi4j run} gives a world still said running after its job ended otherwise. */
    public static final String ENDED = "ended";
    /** Slack for matching a child's start to its parent's spawn call (clocks read in different JVMs). */
    static final long MATCH_SLACK_MILLIS = 2000;
    /** A JVM's start time is known to a clock tick (10 ms); a spawned JVM cannot start before the call. */
    static final long START_SLACK_MILLIS = 100;

    /** By start time, then id (a named class: a comparator built from lambdas costs a short job's start more). */
    private static final Comparator<WorldRecord> BY_START = new Comparator<WorldRecord>() {
        @Override
        public int compare(WorldRecord a, WorldRecord b) {
            int c = Long.compare(a.startMillis, b.startMillis);
            return c != 0 ? c : a.id.compareTo(b.id);
        }
    };
    /** One JVM may hold a file lock only once: MPJ's multicore mode runs several ranks in one JVM. */
    private static final Object JVM_LOCK = new Object();

    /** Work done while holding the job folder's lock. */
    @FunctionalInterface
    public interface Locked<T> {
        T run() throws IOException;
    }

    private WorldIndex() {}

    /** The folder of spawned world {@code id} in job folder {@code top}. */
    public static Path worldFolder(Path top, String id) {
        return top.resolve(WORLDS_DIR).resolve(id);
    }

    /** Runs {@code work} holding the job folder's lock (between processes and between threads of this JVM). */
    public static <T> T locked(Path top, Locked<T> work) throws IOException {
        synchronized (JVM_LOCK) {
            try (FileChannel ch = openLock(top);
                    FileLock ignored = ch.lock()) {
                return work.run();
            }
        }
    }

    private static FileChannel openLock(Path top) throws IOException {
        return FileChannel.open(top.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    }

    /** Writes {@code record} as {@code world.json} of its folder, atomically. */
    public static void writeRecord(Path top, WorldRecord record) throws IOException {
        String folder = record.folder;
        if (folder == null) {
            throw new IllegalArgumentException("world " + record.id + ": no folder to write its record in");
        }
        AtomicFiles.write(top.resolve(folder).resolve(WORLD_JSON), record.toJson());
    }

    /** The record in {@code top/world.json}, or {@code null}. */
    public static @Nullable WorldRecord topRecord(Path top) {

        return readRecord(top.resolve(WORLD_JSON), new ArrayList<>());
    }

    /**
     * Whether the job folder itself belongs to another world that is still running on this host
     * (its rank 0 process is alive): then a world without a parent must not write there.
     */
    public static boolean topTakenByLiveWorld(Path top, String myId, String myHost) {
        WorldRecord r = topRecord(top);
        if (r == null || r.id.equals(myId) || !RUNNING.equals(r.state) || r.host == null || !r.host.equals(myHost)) {
            return false;
        }
        return r.pid != org.qmpi4j.formats.files.ProcessId.get()
                && ProcessHandle.of(r.pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Every world's record under {@code top}, by start time; unreadable ones go to {@code problems}. */
    public static List<WorldRecord> read(Path top, List<String> problems) throws IOException {
        List<WorldRecord> out = new ArrayList<>();
        WorldRecord first = readRecord(top.resolve(WORLD_JSON), problems);
        if (first != null) {
            out.add(first);
        }
        Path worlds = top.resolve(WORLDS_DIR);
        if (Files.isDirectory(worlds)) {
            try (DirectoryStream<Path> dirs = Files.newDirectoryStream(worlds, Files::isDirectory)) {
                for (Path d : dirs) {
                    WorldRecord r = readRecord(d.resolve(WORLD_JSON), problems);
                    if (r != null) {
                        out.add(r);
                    }
                }
            }
        }
        if (out.size() > 1) {
            out.sort(BY_START);
        }
        return out;
    }

    /** Spawned worlds' folders under {@code top} that hold per-rank files, whether or not they have a record. */
    public static List<Path> spawnedFolders(Path top) throws IOException {
        List<Path> out = new ArrayList<>();
        Path worlds = top.resolve(WORLDS_DIR);
        if (Files.isDirectory(worlds)) {
            try (DirectoryStream<Path> dirs = Files.newDirectoryStream(worlds, Files::isDirectory)) {
                dirs.forEach(out::add);
            }
        }
        out.sort(null);
        return out;
    }

    private static @Nullable WorldRecord readRecord(Path file, List<String> problems) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return org.qmpi4j.formats.files.ResultText.readJson(file, WorldRecord::fromJson);
        } catch (org.qmpi4j.formats.files.DamagedFileException e) {
            problems.add(e.getMessage());
            return null;
        } catch (IOException e) {
            problems.add(file + ": cannot read (" + e.getMessage() + ")");
            return null;
        }
    }

    /**
     * Rebuilds {@code worlds.json} and {@code worlds.txt} from the records when the job has more
     * than one world; takes the lock itself. Returns the records.
     */
    public static List<WorldRecord> update(Path top) throws IOException {
        return update(top, new ArrayList<>());
    }

    /** As {@link #update(Path)}; the records that could not be read (and why) go to {@code problems}. */
    public static List<WorldRecord> update(Path top, List<String> problems) throws IOException {
        synchronized (JVM_LOCK) { // as locked(), without a lambda on every world's start and end
            try (FileChannel ch = openLock(top);
                    FileLock ignored = ch.lock()) {
                List<WorldRecord> worlds = read(top, problems);
                if (worlds.size() > 1 || (worlds.size() == 1 && worlds.get(0).spawned())) {
                    AtomicFiles.write(top.resolve(WORLDS_JSON), indexJson(top, worlds));
                    AtomicFiles.write(top.resolve(WORLDS_TXT), summary(top, worlds));
                }
                return worlds;
            }
        }
    }

    /**
     * Ends the world whose folder is {@code worldDir}: its record gets {@code state} and the end
     * time, and the job's index is rebuilt, all under the job folder's lock. Any rank may call it:
     * {@code mine} is the record world rank 0 keeps (it alone adds spawn calls), {@code null} on
     * other ranks, which take the one on disk. A world ends once: when its record on disk no
     * longer says {@code running} (say {@code aborted}, written by the rank that called
     * {@code MPI_Abort} before mpirun stopped rank 0), that state and end stay.
     *
     * @return the number of the job's worlds when this call ended the last running one of several,
     *     else 0: under the lock exactly one call sees that, however many worlds end at once
     */
    public static int end(Path top, Path worldDir, @Nullable WorldRecord mine, String state) throws IOException {
        synchronized (JVM_LOCK) {
            try (FileChannel ch = openLock(top);
                    FileLock ignored = ch.lock()) {
                WorldRecord onDisk = readRecord(worldDir.resolve(WORLD_JSON), new ArrayList<>());
                WorldRecord r = mine != null ? mine : onDisk;
                if (r == null) {
                    return 0;
                }
                WorldRecord before = onDisk != null ? onDisk : r;
                boolean wasRunning = RUNNING.equals(before.state);
                if (wasRunning) {
                    r.state = state;
                    r.endMillis = System.currentTimeMillis();
                } else {
                    r.state = before.state;
                    r.endMillis = before.endMillis;
                }
                AtomicFiles.write(worldDir.resolve(WORLD_JSON), r.toJson());
                List<WorldRecord> worlds = read(top, new ArrayList<>());
                if (worlds.size() > 1 || (worlds.size() == 1 && worlds.get(0).spawned())) {
                    AtomicFiles.write(top.resolve(WORLDS_JSON), indexJson(top, worlds));
                    AtomicFiles.write(top.resolve(WORLDS_TXT), summary(top, worlds));
                }
                return wasRunning && worlds.size() > 1 && noneRunning(worlds) ? worlds.size() : 0;
            }
        }
    }

    /**
     * After the job ended (for {@code qmpi4j run}): gives the world whose folder is {@code worldDir}
     * the state {@code state} if its record on disk says one of {@code replaceable} (a world
     * nobody ended, or one ended by an exit that did not know why), and rebuilds the job's index.
     *
     * @return whether the record was changed
     */
    public static boolean settle(Path top, Path worldDir, String state, java.util.Set<String> replaceable)
            throws IOException {
        synchronized (JVM_LOCK) {
            try (FileChannel ch = openLock(top);
                    FileLock ignored = ch.lock()) {
                WorldRecord r = readRecord(worldDir.resolve(WORLD_JSON), new ArrayList<>());
                if (r == null || !replaceable.contains(r.state) || r.state.equals(state)) {
                    return false;
                }
                if (RUNNING.equals(r.state)) {
                    r.endMillis = System.currentTimeMillis();
                }
                r.state = state;
                AtomicFiles.write(worldDir.resolve(WORLD_JSON), r.toJson());
                List<WorldRecord> worlds = read(top, new ArrayList<>());
                if (worlds.size() > 1 || (worlds.size() == 1 && worlds.get(0).spawned())) {
                    AtomicFiles.write(top.resolve(WORLDS_JSON), indexJson(top, worlds));
                    AtomicFiles.write(top.resolve(WORLDS_TXT), summary(top, worlds));
                }
                return true;
            }
        }
    }

    private static boolean noneRunning(List<WorldRecord> worlds) {
        for (WorldRecord w : worlds) {
            if (RUNNING.equals(w.state)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The spawn call of {@code child}'s parent that started it, or {@code null} when none fits: the
     * latest call of the parent that began before the child's JVM did (a spawn returns only after
     * its children initialised MPI, so the next call begins well after they started). Clocks of
     * processes on different hosts may differ; {@link #MATCH_SLACK_MILLIS} absorbs a little.
     */
    public static @Nullable WorldRecord.Spawn spawnCall(List<WorldRecord> worlds, WorldRecord child) {

        if (child.parent == null) {
            return null;
        }
        WorldRecord.Spawn found = null;
        for (WorldRecord p : worlds) {
            if (!p.id.equals(child.parent)) {
                continue;
            }
            for (WorldRecord.Spawn s : p.spawns) {
                boolean fits = s.startMillis <= child.startMillis + START_SLACK_MILLIS
                        && child.startMillis <= s.endMillis + MATCH_SLACK_MILLIS;
                if (fits && (found == null || s.startMillis > found.startMillis)) {
                    found = s;
                }
            }
        }
        return found;
    }

    static String indexJson(Path top, List<WorldRecord> worlds) {
        return WorldsSummary.indexJson(top, worlds);
    }

    /** The job summary: one block per world, parent first, then by start time. */
    public static String summary(Path top, List<WorldRecord> worlds) {
        return WorldsSummary.text(top, worlds);
    }
}
