package org.qmpi4j.tools.output;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.JobVoice;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.internal.log.OutputTrouble;
import org.qmpi4j.api.output.OutputDirectory;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.formats.worlds.WorldIndex;
import org.qmpi4j.formats.worlds.WorldRecord;
import org.qmpi4j.tools.mpi.WorldComm;

/**
 * The results directory of one MPI process and the tools writing into it. Opened by the first
 * bundled tool right after {@code MPI_Init} (collectively: rank 0 chooses the directory and
 * broadcasts it), shared by the others of the same process. Tells the user once, at the end,
 * where the results are.
 *
 * <p>Worlds: the folder the user named (or the new default one) is the job's. The first world
 * without a parent writes into it directly, as a job of one world always did; a spawned world (or
 * a second world without a parent while the first still runs) writes into
 * {@code worlds/<id>/}, where {@code <id>} is a job-unique id rank 0 picks and broadcasts
 * ({@link WorldIdentity}). Rank 0 of each world keeps the world's {@code world.json} and rebuilds
 * the job's index ({@link WorldIndex}) when the world starts and ends.
 *
 * <p>One per MPI process, not per JVM: MPJ Express' multicore mode runs several ranks in one JVM,
 * each with its own {@code COMM_WORLD} object, which is the key.
 *
 * <p>One class, somewhat over the usual size, because it is the one object per MPI process whose
 * state (the tools that joined and finished, whether the line was said, the world's record)
 * decides the job's one line and {@code world.json}; what can stand apart does
 * ({@link FinalWriting}, {@link RankTrouble}, {@link WorldFolders}, {@link MainThreadWatch},
 * {@link SlurmStepStop}).
 */
public final class OutputSession {
    private static final Map<Object, OutputSession> SESSIONS = new IdentityHashMap<>();

    private final WorldComm comm;
    private final @Nullable Path top;
    private final @Nullable Path dir;
    private final Log log;
    /** This world's record, on rank 0 only (else {@code null}); guarded by {@code this}. */
    private final WorldRecord record;

    /**
     * The names of the files the tools wrote, one entry per gather or later step, in the chain's
     * order: a step's entry is reserved when the tool gives it, so that writing left for later
     * ({@link #writeLater}) does not move a tool's files behind those of the tools after it.
     */
    private final List<List<String>> results = new ArrayList<>();
    /** Rank 0's writing that needs no MPI, done while the real MPI_Finalize runs. */
    private final FinalWriting writing = new FinalWriting(new Outcome(this));

    private int participants;
    private int finished;
    /** Tools whose {@link #writeLater} step failed: they did not finish after all. */
    private int failedWrites;

    private int done;
    private boolean announced;
    private boolean abortSeen;
    /** Whether this rank's first failure is recorded (a rank keeps its first only). */
    private boolean failureRecorded;

    private final boolean ranksWritable;

    /** {@link OutputDirectory#QUIET_RESULTS}: rank 0 does not say where the results are. */
    private volatile boolean quietResults;

    private OutputSession(
            WorldComm comm,
            @Nullable Path top,
            @Nullable Path dir,
            WorldRecord record,
            Log log,
            boolean ranksWritable) {
        this.ranksWritable = ranksWritable;
        this.comm = comm;
        this.top = top;
        this.dir = dir;
        this.record = record;
        this.log = log;
    }

    /**
     * The session of the calling MPI process, opened on first use. Collective the first time
     * (every rank's first bundled tool calls it at the same point: after {@code MPI_Init}).
     *
     * @param requested the directory the user named ({@link OutputDirectory#requested}), or {@code null}
     * @param err       where the session's lines go (stderr)
     * @return the session, whose {@link #dir()} is {@code null} when no directory could be made
     */
    public static OutputSession open(WorldComm comm, @Nullable String requested, PrintStream err) throws Exception {
        Log log = Log.to(err, "qmpi4j:");
        synchronized (SESSIONS) {
            OutputSession s = SESSIONS.get(comm.world());
            if (s != null) {
                return s;
            }
        }
        Path top = WorldFolders.agreeOnDirectory(comm, requested, log);
        WorldRecord[] record = new WorldRecord[1];
        Path dir = top == null ? null : WorldFolders.agreeOnWorldFolder(comm, top, record, log);
        boolean ranksWritable = dir != null;
        if (dir != null) {
            try {
                Files.createDirectories(ResultFiles.ranksDir(dir));
            } catch (IOException e) {
                ranksWritable = false;
                // Every rank of a node fails alike here: the first of the node says it, where the
                // launcher tells which that is.
                int local = JobVoice.launcherLocalRank(System.getenv());
                if (local <= 0) {
                    log.warn((local == 0
                                    ? "the ranks on " + HostName.get() + " (rank " + comm.rank() + " among them)"
                                    : "rank " + comm.rank())
                            + " cannot create " + ResultFiles.ranksDir(dir) + ": " + e);
                }
            }
        }
        OutputSession s = new OutputSession(comm, top, dir, record[0], log, ranksWritable);
        synchronized (SESSIONS) {
            SESSIONS.putIfAbsent(comm.world(), s);
            s = SESSIONS.get(comm.world());
        }
        if (dir != null) {
            MainThreadWatch.watch(Thread.currentThread(), s);
        }
        if (comm.rank() == 0 && dir != null) {
            OutputSession session = s;
            Runtime.getRuntime().addShutdownHook(new Thread(new Announce(session), "qmpi4j-output"));
        }
        return s;
    }

    /**
     * Whether this rank's folder for its own files ({@code ranks/}) exists; when it could not be
     * made that was said once, and the tools do not try, and fail, again with each file.
     */
    public boolean ranksWritable() {
        return ranksWritable;
    }

    /** Sets {@link OutputDirectory#QUIET_RESULTS} as the tools' settings say (the same for every tool). */
    public void quietResults(boolean quiet) {
        quietResults = quiet;
    }

    /** Whether rank 0 keeps its lines about results that are complete to itself. */
    public boolean quietResults() {
        return quietResults;
    }

    /** The results directory of this world, or {@code null} if none could be made (tools then write nothing). */
    public @Nullable Path dir() {
        return dir;
    }
    /** The job's results directory: {@link #dir()} itself for the first world, its parent's parent for a spawned one. */
    public @Nullable Path top() {
        return top;
    }

    public WorldComm comm() {
        return comm;
    }

    public int rank() {
        return comm.rank();
    }

    public int size() {
        return comm.size();
    }

    /** A tool that will write into this session and report when it is done. */
    public synchronized void join() {
        participants++;
    }

    /**
     * A tool gathered its results at {@code MPI_Finalize}; {@code files} are the names it wrote
     * into {@link #dir()} on this rank.
     */
    public synchronized void finished(List<String> files) {
        results.add(List.copyOf(files));
        finished++;
    }

    /**
     * At rank 0, in a tool's gather at {@code MPI_Finalize}: writing of the job's files that needs
     * no more MPI ({@code step}, named {@code what} in a fault said through {@code output}), done
     * after the gathers, on a thread of its own while the real {@code MPI_Finalize} runs, so that
     * the other ranks need not wait for it ({@link FinalWriting}). The names the step returns count
     * as written by the tool, and the job's line about its results comes after the last step. The
     * tool calls {@link #awaitWritten} before {@code MPI_Finalize} returns to the application.
     */
    public void writeLater(String what, RankOutput output, FinalWriting.Step step) {
        int slot;
        synchronized (this) {
            slot = results.size();
            results.add(List.of());
        }
        writing.add(what, output, step, slot);
    }

    /**
     * Returns when rank 0's writing ({@link #writeLater}) is done: called by each tool after the
     * rest of the chain's {@code MPI_Finalize} returned. Does nothing where there is none.
     */
    public void awaitWritten() {
        writing.await();
    }

    /**
     * Collective: a tool's part at {@code MPI_Finalize} is over, gathered or not (every rank calls
     * it once per tool that joined, at the same point). After the last tool the ranks tell rank 0
     * whether the file system refused their files ({@link OutputTrouble}), and rank 0 prints where
     * the results are, with that trouble, in one line for the job: after the writing the tools
     * left for later ({@link #writeLater}), which starts now, on its own thread.
     */
    public void toolDone() {
        synchronized (this) {
            done++;
            if (done < participants || dir == null) {
                return;
            }
        }
        String trouble;
        try {
            trouble = RankTrouble.acrossRanks(comm, dir, log);
        } catch (Exception | LinkageError e) {
            log.once("trouble", "could not ask the ranks whether they wrote their files: " + e);
            trouble = RankTrouble.own(comm);
        }
        if (comm.rank() != 0) {
            return;
        }
        if (writing.hasSteps()) {
            writing.add("saying where the results are", null, new Announcement(this, trouble), -1);
            writing.start();
        } else {
            announce(trouble);
        }
    }

    /** The names of the files written so far, in the chain's order, each once. */
    private synchronized List<String> writtenNames() {
        Set<String> written = new LinkedHashSet<>();
        results.forEach(written::addAll);
        return new ArrayList<>(written);
    }

    /** Rank 0's line about the job's results, once; {@code trouble} what the ranks' file systems refused. */
    private synchronized List<String> announce(@Nullable String trouble) {
        if (announced) {
            return List.of();
        }
        announced = true;
        List<String> names = writtenNames();
        // A tool whose gather failed said so itself; the line says what is there.
        String listed = String.join(", ", names)
                + (finished - failedWrites < participants
                        ? (names.isEmpty() ? "" : "; ") + "some tools did not finish"
                        : "");
        if (trouble == null) {
            if (!quietResults) {
                log.warn("results in " + dir + (listed.isEmpty() ? "" : " (" + listed + ")"));
            }
        } else {
            log.warn((names.isEmpty()
                            ? "no results written in " + dir
                            : "results in " + dir + " (" + listed + ") are incomplete")
                    + ": " + trouble + "; each rank's files are as last written; 'qmpi4j merge " + top
                    + "' names what each rank left");
        }
        worldEnded("finalized");
        return List.of();
    }

    /**
     * A spawn call this process made, seen by world rank 0 (which takes part in every spawn on a
     * communicator that includes it): kept in {@code world.json} so the index can tell which call
     * started which world. Ignored on other ranks.
     */
    public synchronized void recordSpawn(
            String function, int root, String command, int maxprocs, long startMillis, long endMillis) {
        if (record != null && top != null && dir != null) { // rank 0 of a world with a folder
            record.spawns.add(new WorldRecord.Spawn(
                    record.spawns.size() + 1, function, root, command, maxprocs, startMillis, endMillis));
            try {
                WorldIndex.writeRecord(top, record);
            } catch (IOException | RuntimeException e) {
                if (OutputTrouble.isOutputFault(e)) {
                    OutputTrouble.record("writing " + dir.resolve(WorldIndex.WORLD_JSON), e);
                } else {
                    log.once("world-record", "cannot write " + dir.resolve(WorldIndex.WORLD_JSON) + ": " + e);
                }
            }
        }
    }

    /**
     * This process is about to call {@code MPI_Abort}, which ends every rank of the world without
     * returning: mpirun stops the other ranks, and this JVM may end without running its exit hooks.
     * Under {@code srun}, whose answer to an abort is SIGKILL, the other ranks are first stopped
     * gently ({@link SlurmStepStop}) so that their files end as under {@code mpirun}.
     * So the world's record says {@code aborted} now (from any rank: the record on disk is
     * rewritten, and rank 0's later exit keeps that state), and on rank 0 the hint to merge is
     * printed now. Called by each bundled tool's {@code MPI_ABORT} handler before it passes the
     * call on; the first call does it.
     */
    public synchronized void aborting() {
        if (abortSeen || dir == null) {
            return;
        }
        abortSeen = true;
        if (comm.rank() == 0 && !announced) {
            // Not marked announced: where MPI_Abort returns (MPJ Express 0.44's is a no-op) and the
            // job goes on to MPI_Finalize, the results are still gathered and announced.
            log.warn(endedEarlyHint());
        }
        worldEnded("aborted");
        if (SlurmStepStop.applies(System.getenv())) {
            SlurmStepStop.stopOthers(System.getenv(), ResultFiles.ranksDir(dir), comm.rank(), log);
        }
    }

    /**
     * As {@link #aborting()}, with this rank's failure recorded first
     * ({@code ranks/rank-<r>.failure.json}): the abort's error {@code code} and {@code site}, where
     * the application called it (or who else aborts, e.g. {@code check} on a deadlock).
     */
    public synchronized void aborting(int code, String site) {
        recordAbort(code, site);
        aborting();
    }

    /**
     * Records this rank's {@code MPI_Abort} with its error {@code code} and call {@code site} as
     * its failure, unless an earlier one is recorded: known before the call runs, and written
     * before anything else, since the call may end this process at once.
     */
    public synchronized void recordAbort(int code, String site) {
        if (dir != null) {
            recordFailure(RankFailure.abort(rank(), code, site, System.currentTimeMillis(), HostName.get()));
        }
    }

    /**
     * An exception ended the thread of this rank that initialised MPI (called before the JVM's
     * message about it): the failure recorded, and the world's record says {@code exception}.
     */
    synchronized void mainThreadFailed(Throwable thrown) {
        if (dir == null) {
            return;
        }
        recordFailure(RankFailure.exception(rank(), thrown, System.currentTimeMillis(), HostName.get()));
        worldEnded(WorldIndex.EXCEPTION);
    }

    /** Writes this rank's first failure, atomically; later ones are left out. */
    private void recordFailure(RankFailure failure) {
        if (failureRecorded || !ranksWritable || dir == null) {
            return;
        }
        failureRecorded = true;
        Path file = ResultFiles.rankFailure(dir, comm.rank());
        try {
            AtomicFiles.write(file, failure.toJson());
        } catch (IOException | RuntimeException e) {
            log.once("failure-record", "cannot write " + file + ": " + e);
        }
    }

    /**
     * This world is done: its record and the job's index say so. On rank 0, or on any rank that
     * aborts ({@link WorldIndex#end} takes the record on disk where this process keeps none).
     */
    private void worldEnded(String state) {
        if (dir == null || top == null || (record == null && comm.rank() == 0)) {
            return;
        }
        try {
            int worlds = WorldIndex.end(top, dir, record, state);
            if (worlds > 0) {
                log.warn("the job's " + worlds + " worlds are listed in " + top.resolve(WorldIndex.WORLDS_TXT));
            }
        } catch (IOException | RuntimeException e) {
            if (OutputTrouble.isOutputFault(e)) {
                OutputTrouble.record("writing " + dir.resolve(WorldIndex.WORLD_JSON), e); // said in the job's line
            } else {
                log.once(
                        "world-record",
                        "cannot write " + dir.resolve(WorldIndex.WORLD_JSON) + " or the job's index: " + e);
            }
        }
    }

    private String endedEarlyHint() {
        Path d = dir;
        String where = d == null ? "" : "; each rank's data is in " + ResultFiles.ranksDir(d);
        return "the job ended before MPI_Finalize" + where + "; 'qmpi4j merge " + top + "' builds the reports";
    }

    /**
     * At exit, on rank 0, if the line has not been printed: the results so far, or, if the job
     * never got to gather, where each rank's own data is.
     */
    private synchronized void announceIfUnfinished() {
        String trouble = RankTrouble.own(comm);
        String troubleTail = trouble == null ? "" : "; " + trouble;
        if (!announced && finished > 0) {
            announced = true;
            log.warn("results in " + dir + " (" + String.join(", ", writtenNames()) + "; some tools did not finish)"
                    + troubleTail);
            worldEnded("exited");
        } else if (!announced) {
            announced = true;
            if (!abortSeen) { // else said at MPI_Abort
                log.warn(endedEarlyHint() + troubleTail);
            }
            worldEnded("exited");
        }
    }

    /*
     * A named class, not a lambda or method reference: each of those is linked at its first use by
     * spinning a hidden class, a cost a short job's start pays before any of it is compiled.
     */

    /** The exit hook of rank 0: {@link #announceIfUnfinished()}. */
    private static final class Announce implements Runnable {
        private final OutputSession session;

        Announce(OutputSession session) {
            this.session = session;
        }

        @Override
        public void run() {
            session.awaitWritten(); // a System.exit() during MPI_Finalize: the files first
            session.announceIfUnfinished();
        }
    }

    /** The last step of rank 0's writing: {@link #announce}. */
    private static final class Announcement implements FinalWriting.Step {
        private final OutputSession session;
        private final @Nullable String trouble;

        Announcement(OutputSession session, @Nullable String trouble) {
            this.session = session;
            this.trouble = trouble;
        }

        @Override
        public List<String> write() {
            return session.announce(trouble);
        }
    }

    /** The names and faults of rank 0's later writing, into the session. */
    private static final class Outcome implements FinalWriting.Outcome {
        private final OutputSession session;

        Outcome(OutputSession session) {
            this.session = session;
        }

        @Override
        public void wrote(int slot, List<String> names) {
            if (slot < 0) {
                return;
            }
            synchronized (session) {
                session.results.set(slot, List.copyOf(names));
            }
        }

        @Override
        public void failed(@Nullable RankOutput output, String what, Throwable e) {
            synchronized (session) {
                session.failedWrites++;
            }
            if (output != null) {
                output.fault(what, e);
            } else {
                session.log.once("final-writing", what + " failed: " + e);
            }
        }
    }
}
