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
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.output.OutputDirectory;
import org.qmpi4j.report.files.ResultFiles;
import org.qmpi4j.tools.mpi.WorldComm;

/**
 * The results directory of one MPI process and the tools writing into it. Opened by the first
 * bundled tool right after {@code MPI_Init} (collectively: rank 0 chooses the directory and
 * broadcasts it), shared by the others of the same process. Tells the user once, at the end,
 * where the results are.
 *
 * <p>One per MPI process, not per JVM: MPJ Express' multicore mode runs several ranks in one JVM,
 * each with its own {@code COMM_WORLD} object, which is the key.
 */
public final class OutputSession {
    private static final Map<Object, OutputSession> SESSIONS = new IdentityHashMap<>();

    private final WorldComm comm;
    private final Path dir;
    private final Log log;
    private final Set<String> results = new LinkedHashSet<>();
    private int participants;
    private int finished;
    private boolean announced;

    private OutputSession(WorldComm comm, Path dir, Log log) {
        this.comm = comm;
        this.dir = dir;
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
    public static OutputSession open(WorldComm comm, String requested, PrintStream err) throws Exception {
        Log log = Log.to(err, "qmpi4j:");
        synchronized (SESSIONS) {
            OutputSession s = SESSIONS.get(comm.world());
            if (s != null) {
                return s;
            }
        }
        Path dir = agreeOnDirectory(comm, requested, log);
        if (dir != null) {
            try {
                Files.createDirectories(ResultFiles.ranksDir(dir));
            } catch (IOException e) {
                log.warn("rank " + comm.rank() + " cannot create " + ResultFiles.ranksDir(dir) + ": " + e);
            }
        }
        OutputSession s = new OutputSession(comm, dir, log);
        synchronized (SESSIONS) {
            SESSIONS.putIfAbsent(comm.world(), s);
            s = SESSIONS.get(comm.world());
        }
        if (comm.rank() == 0 && dir != null) {
            OutputSession session = s;
            Runtime.getRuntime().addShutdownHook(new Thread(session::announceIfUnfinished, "qmpi4j-output"));
        }
        return s;
    }

    private static Path agreeOnDirectory(WorldComm comm, String requested, Log log) throws Exception {
        if (!comm.canExchangeData()) {
            // Cannot broadcast: each rank decides alone. The named directory is the same for all;
            // a default name may differ between ranks whose clocks straddle a second.
            if (comm.rank() == 0) {
                log.warn("binding '" + comm.binding() + "': ranks cannot agree on a results directory;" + " set "
                        + OutputDirectory.describeSetting() + " so that they share one");
            }
            return OutputDirectory.agree(requested, comm.rank(), null);
        }
        return OutputDirectory.agree(requested, comm.rank(), buf -> comm.bcast(buf, 0));
    }

    /** The results directory, or {@code null} if none could be made (tools then write nothing). */
    public Path dir() {
        return dir;
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
     * A tool is done (after gathering at {@code MPI_Finalize}); {@code files} are the names it
     * wrote into {@link #dir()} on this rank. When the last one is done, rank 0 prints where the
     * results are, in one line.
     */
    public synchronized void finished(List<String> files) {
        results.addAll(files);
        finished++;
        if (finished >= participants && comm.rank() == 0 && !announced && dir != null) {
            announced = true;
            List<String> names = new ArrayList<>(results);
            log.warn("results in " + dir + (names.isEmpty() ? "" : " (" + String.join(", ", names) + ")"));
        }
    }

    /**
     * At exit, on rank 0, if the line has not been printed: the results so far, or, if the job
     * never got to gather, where each rank's own data is.
     */
    private synchronized void announceIfUnfinished() {
        if (!announced && finished > 0) {
            announced = true;
            log.warn("results in " + dir + " (" + String.join(", ", results) + "; some tools did not finish)");
        } else if (!announced) {
            announced = true;
            log.warn("the job ended before MPI_Finalize; each rank's data is in " + ResultFiles.ranksDir(dir)
                    + "; 'qmpi4j merge " + dir + "' builds the reports");
        }
    }
}
