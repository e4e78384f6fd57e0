package org.qmpi4j.tools.output;

import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.output.OutputDirectory;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.tools.mpi.ChunkedGather;
import org.qmpi4j.tools.mpi.WorldComm;

/**
 * The life cycle of a tool that keeps one file per rank during the run and writes the job's
 * results at {@code MPI_Finalize}, as one piece a tool hands its content to:
 * <ol>
 *   <li>{@link #open} right after {@code MPI_Init} (collective): the results folder is agreed
 *       ({@link OutputSession}), this rank's file written once and then kept up to date every
 *       {@code flush-seconds} and at exit ({@link RankOutput}), so a job that crashes or is killed
 *       leaves it;</li>
 *   <li>{@link #flush} whenever the tool has something that must not be lost (a finding, an
 *       {@code MPI_Pcontrol});</li>
 *   <li>{@link #aborting} before {@code MPI_Abort} goes ahead: the file written, the world's
 *       record marked aborted;</li>
 *   <li>{@link #finish} at {@code MPI_Finalize} (collective): the final file written, then the
 *       {@link Gather} brings the ranks' results to rank 0, which writes the job's files; then the
 *       flushing stops.</li>
 * </ol>
 * Two parts are the tool's. Its {@link RankFile} says how this rank's file is brought up to date:
 * written whole each time, or a stream the tool appends to and only flushes. Its {@link Gather}
 * says how the job's results come together: by default ({@link #RankResults(String, Content,
 * PrintStream)}) every rank's file content is gathered to rank 0 with collectives
 * ({@link ChunkedGather}) and rank 0 writes the job's results from them ({@link
 * Content#writeResults}); a tool whose results merge as they stream in, or along a tree, or that
 * gathers its files in rounds, brings its own. A tool outside this module can use it alike.
 *
 * <p>A rank whose file cannot be made still takes part in the gather (with nothing), so no rank
 * waits for ever; every fault is caught and reported once, and the application's call goes on. A
 * file system that refuses the files (full, read-only) is said once for the job, by rank 0 after
 * the last tool's gather ({@link OutputSession#toolDone}); each rank's file stays as last written.
 * What rank 0 writes from the gathered content is what {@code qmpi4j merge} rebuilds from the
 * per-rank files when the job died before.
 *
 * <p>One class, somewhat over the usual size, because it is one life cycle (open, flush, finish,
 * abort, after finish) over one rank's file under one lock; its parts that stand alone are nested
 * ({@code WholeFile}, {@code EveryRankToRoot}) and documented as the interfaces tools implement.
 */
public final class RankResults {
    /** Why this rank's file is being written. */
    public enum Moment {
        /** During the run: right after {@code MPI_Init}, periodically, at {@code MPI_Pcontrol}. */
        RUNNING,
        /** Before {@code MPI_Abort}, which ends the job without returning. */
        ABORTED,
        /** The JVM is exiting before {@code MPI_Finalize} (an exception, {@code System.exit}, a signal). */
        EXITED,
        /** At {@code MPI_Finalize}, the last time, before the gather. */
        FINALIZED
    }

    /** How this rank's file is kept up to date. */
    public interface RankFile {
        /**
         * Brings this rank's file in {@code session}'s folder up to date (never two at once: the
         * life cycle holds a lock). Returns its content where the {@link Gather} sends that,
         * else an empty array. A {@link Moment#FINALIZED} call may be collective: every rank makes
         * it at the same point. Faults it reports itself go to {@code output}.
         */
        byte[] write(OutputSession session, Moment moment, RankOutput output) throws Exception;
    }

    /** How the job's results come together at rank 0 at {@code MPI_Finalize}. */
    public interface Gather {
        /**
         * What {@code qmpi4j merge} builds from the per-rank files, for the message when the
         * binding cannot exchange data (then {@link #run} is not called), e.g. "the report".
         */
        String mergeBuilds();

        /**
         * Collective, after this rank's final file ({@code mine}, what {@link RankFile#write}
         * returned, empty if it failed): brings the ranks' results to rank 0, which writes the
         * job's files into {@code dir}, the session's results folder. Returns the names rank 0
         * wrote, empty elsewhere. Messages and faults go to {@code output}.
         */
        List<String> run(OutputSession session, Path dir, byte[] mine, RankOutput output) throws Exception;

        /**
         * After {@link #run}, when this rank's tool had something to add (a call after {@code
         * MPI_Finalize}): {@code mine} is this rank's file content now. No collective can run any
         * more; what a rank can bring up to date alone, it may (by default nothing: the rank's
         * file, already rewritten, is what {@code qmpi4j merge} reads).
         */
        default void late(OutputSession session, byte[] mine, RankOutput output) throws Exception {}
    }

    /** What a tool whose rank file is written whole puts into the default life cycle. */
    public interface Content {
        /** This rank's file's content now ({@code finalState}: the last one, at {@code MPI_Finalize}). */
        byte[] rankFile(boolean finalState) throws Exception;

        /** Where this rank's file goes in {@code dir}. */
        Path rankPath(Path dir, int rank);

        /**
         * At rank 0: writes the job's results into {@code dir} from every rank's file content
         * ({@code perRank.get(r)} is empty where rank r sent none); returns the names written.
         */
        List<String> writeResults(Path dir, List<byte[]> perRank, int size) throws Exception;
    }

    private final RankFile file;
    private final Gather gather;
    private final RankOutput output;
    private final Object fileLock = new Object();
    /** Guarded by {@link #fileLock}. */
    private boolean finalWritten;

    private volatile @Nullable OutputSession session;
    private volatile boolean finished;

    /**
     * For tool {@code toolName} whose file is {@code content}, written whole, and gathered whole to
     * rank 0; messages go to {@code err}.
     */
    public RankResults(String toolName, Content content, PrintStream err) {
        this(toolName, new WholeFile(content), new EveryRankToRoot(content), err);
    }

    /** For tool {@code toolName} with its own file and gather; messages go to {@code err}. */
    public RankResults(String toolName, RankFile file, Gather gather, PrintStream err) {
        this.file = file;
        this.gather = gather;
        this.output = new RankOutput(toolName, new Flush(this), err);
    }

    /** The flusher RankOutput calls: a named class (a lambda spins a class at each short job's start). */
    private static final class Flush implements RankOutput.Flusher {
        private final RankResults results;

        Flush(RankResults results) {
            this.results = results;
        }

        @Override
        public void flush(RankOutput.Reason reason) throws Exception {
            results.writeRankFile(moment(reason));
        }
    }

    private static Moment moment(RankOutput.Reason reason) {
        switch (reason) {
            case ABORT:
                return Moment.ABORTED;
            case EXIT:
                return Moment.EXITED;
            default:
                return Moment.RUNNING;
        }
    }

    /**
     * Collective, right after {@code MPI_Init}: agrees on the results folder, writes this rank's
     * file and starts keeping it up to date. Returns the session, whose {@code dir()} is
     * {@code null} when no folder could be made (then nothing is written).
     */
    public OutputSession open(WorldComm comm, int toolId, Settings settings, PrintStream err) throws Exception {
        OutputSession s = OutputSession.open(comm, OutputDirectory.requested(toolId, settings), err);
        s.quietResults(Boolean.TRUE.equals(settings.get(OutputDirectory.QUIET_RESULTS)));
        if (s.dir() == null) {
            return s;
        }
        s.join();
        // From here this rank takes part in the gather at MPI_Finalize, with or without a file of
        // its own: the others wait for it in every collective of the gather.
        session = s;
        writeRankFile(Moment.RUNNING);
        output.start(Objects.requireNonNull(settings.get(RankOutput.FLUSH_SECONDS), "a setting with a default"));
        return s;
    }

    /** The session once {@link #open} succeeded, else {@code null}. */
    public @Nullable OutputSession session() {
        return session;
    }

    /** For messages and faults, with the tool's prefix. */
    public RankOutput output() {
        return output;
    }

    /** Writes this rank's file now (a fault is reported once, never thrown). */
    public void flush() {
        if (!finished) {
            output.flush(RankOutput.Reason.PCONTROL);
        }
    }

    /**
     * Writes this rank's file now, as during the run, and returns its content (for a tool that
     * also copies it elsewhere); unlike {@link #flush}, a fault is thrown.
     */
    public byte[] rankFileNow() throws Exception {
        return writeRankFile(Moment.RUNNING);
    }

    /** Before {@code MPI_Abort}: this rank's file written and the world's record marked aborted. */
    public void aborting() {
        if (!finished) {
            output.flush(RankOutput.Reason.ABORT);
        }
        OutputSession s = session;
        if (s != null) {
            s.aborting();
        }
    }

    /**
     * Before {@code call}, the application's {@code MPI_Abort}, goes ahead: as {@link #aborting()},
     * and the abort's error code and call site recorded as this rank's failure, before anything
     * else (the call may end this process at once).
     */
    public void aborting(MpiCall call) {
        OutputSession s = session;
        Object code = call.argumentCount() > 0 ? call.argument(0) : null;
        if (s != null && code instanceof Integer) {
            s.recordAbort((Integer) code, String.valueOf(call.callingAddress()));
        }
        aborting();
    }

    /**
     * After the rest of the chain's {@code MPI_Finalize} returned, before it returns to the
     * application: waits for rank 0's writing left for later ({@link OutputSession#writeLater}).
     */
    public void awaitWritten() {
        OutputSession s = session;
        if (s != null) {
            s.awaitWritten();
        }
    }

    /** Whether {@link #finish} ran (later calls are after the results were written). */
    public boolean finished() {
        return finished;
    }

    /**
     * After {@link #finish}, when the tool has something new (a call after {@code MPI_Finalize},
     * made from the application's own code or a shutdown hook): this rank's file is rewritten as
     * final, and the {@link Gather} brings what it can up to date without the other ranks. A
     * fault is reported once, never thrown.
     */
    public void afterFinish() {
        OutputSession s = session;
        if (s == null) {
            return;
        }
        try {
            byte[] mine;
            synchronized (fileLock) {
                mine = file.write(s, Moment.FINALIZED, output);
            }
            gather.late(s, mine, output);
        } catch (Exception | LinkageError e) {
            output.fault("rewriting this rank's file after MPI_Finalize", e);
        }
    }

    /**
     * Collective, at {@code MPI_Finalize} before it runs: the final file, the gather and, at rank 0,
     * the job's results. Runs once; faults are reported and the ranks still take part in the gather.
     */
    public void finish() {
        if (finished) {
            return;
        }
        try {
            gatherAndWrite();
        } catch (Exception | LinkageError e) {
            OutputSession s = session;
            output.fault(
                    "gathering the results at MPI_Finalize; per-rank files are in "
                            + (s == null ? "ranks/" : s.dir() + "/ranks"),
                    e);
        } finally {
            finished = true;
            output.stop();
            OutputSession s = session;
            if (s != null) {
                // Collective, gathered or not: after the last tool rank 0 says in one line where
                // the results are and which ranks' file system refused their files.
                s.toolDone();
            }
        }
    }

    private void gatherAndWrite() throws Exception {
        OutputSession s = session;
        if (s == null) {
            return;
        }
        byte[] mine;
        try {
            mine = writeRankFile(Moment.FINALIZED);
        } catch (Exception | LinkageError e) {
            output.fault("writing this rank's file", e);
            mine = new byte[0]; // still take part in the gather, or the others would wait for ever
        }
        WorldComm comm = s.comm();
        if (!comm.canExchangeData()) {
            if (comm.rank() == 0) {
                output.say("binding '" + comm.binding() + "' cannot gather; 'qmpi4j merge " + s.dir() + "' builds "
                        + gather.mergeBuilds() + " from the per-rank files");
            }
            s.finished(List.of());
            return;
        }
        // A session without its folder returns from open() before any gather: the one place this
        // invariant is relied on, so that every Gather is handed the folder and checks nothing.
        Path dir = Objects.requireNonNull(s.dir(), "a gathering session has its results folder");
        s.finished(gather.run(s, dir, mine, output));
    }

    /**
     * Writes this rank's file and returns its content. Once the final file is written, a flush
     * that comes during the gather (the flushing thread's turn) leaves it as it is.
     */
    private byte[] writeRankFile(Moment moment) throws Exception {
        OutputSession s = session;
        if (s == null) {
            return new byte[0];
        }
        synchronized (fileLock) {
            if (finalWritten) {
                return new byte[0];
            }
            finalWritten = moment == Moment.FINALIZED;
            return file.write(s, moment, output);
        }
    }

    /** A {@link Content}'s file, written whole and atomically each time. */
    private static final class WholeFile implements RankFile {
        private final Content content;

        WholeFile(Content content) {
            this.content = content;
        }

        @Override
        public byte[] write(OutputSession s, Moment moment, RankOutput output) throws Exception {
            byte[] bytes = content.rankFile(moment == Moment.FINALIZED);
            Path dir = s.dir();
            if (s.ranksWritable() && dir != null) {
                AtomicFiles.write(content.rankPath(dir, s.rank()), new String(bytes, StandardCharsets.UTF_8));
            }
            return bytes;
        }
    }

    /** Every rank's content to rank 0 ({@link ChunkedGather}), which writes the results from them all. */
    private static final class EveryRankToRoot implements Gather {
        private final Content content;
        /** At rank 0 after {@link #run}: what every rank sent, so that a late finding of rank 0's can be added. */
        private volatile @Nullable List<byte[]> gathered;

        EveryRankToRoot(Content content) {
            this.content = content;
        }

        @Override
        public String mergeBuilds() {
            return "the results";
        }

        @Override
        public List<String> run(OutputSession s, Path dir, byte[] mine, RankOutput output) throws Exception {
            WorldComm comm = s.comm();
            ChunkedGather.PerRank streams = new ChunkedGather.PerRank(comm.rank() == 0 ? comm.size() : 0);
            ChunkedGather.run(comm, new ByteArrayInputStream(mine), mine.length, 0, streams);
            if (comm.rank() != 0) {
                return List.of();
            }
            List<byte[]> perRank = new ArrayList<>(comm.size());
            for (int r = 0; r < streams.ranks(); r++) {
                perRank.add(streams.take(r));
            }
            gathered = perRank;
            return content.writeResults(dir, perRank, comm.size());
        }

        /** Rank 0 writes the job's results again with its own new content; other ranks' stay in their files. */
        @Override
        public void late(OutputSession s, byte[] mine, RankOutput output) throws Exception {
            List<byte[]> perRank = gathered;
            Path dir = s.dir();
            if (perRank == null || dir == null || s.rank() != 0 || mine.length == 0) {
                return;
            }
            List<byte[]> now = new ArrayList<>(perRank);
            now.set(0, mine);
            gathered = now;
            content.writeResults(dir, now, now.size());
        }
    }
}
