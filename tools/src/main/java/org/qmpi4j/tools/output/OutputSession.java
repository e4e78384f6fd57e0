package org.qmpi4j.tools.output;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.qmpi4j.report.files.ResultFiles;
import org.qmpi4j.tools.ToolSettings;
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
    /** Bytes of the broadcast that carries the directory: a length and the UTF-8 path. */
    static final int PATH_BUFFER = 8192;

    private final WorldComm comm;
    private final Path dir;
    private final PrintStream err;
    private final Set<String> results = new LinkedHashSet<>();
    private int participants;
    private int finished;
    private boolean announced;

    private OutputSession(WorldComm comm, Path dir, PrintStream err) {
        this.comm = comm;
        this.dir = dir;
        this.err = err;
    }

    /**
     * The session of the calling MPI process, opened on first use. Collective the first time
     * (every rank's first bundled tool calls it at the same point: after {@code MPI_Init}).
     *
     * @return the session, whose {@link #dir()} is {@code null} when no directory could be made
     */
    public static OutputSession open(WorldComm comm, ToolSettings settings, PrintStream err) throws Exception {
        synchronized (SESSIONS) {
            OutputSession s = SESSIONS.get(comm.world());
            if (s != null) {
                return s;
            }
        }
        Path dir = agreeOnDirectory(comm, settings, err);
        if (dir != null) {
            try {
                Files.createDirectories(ResultFiles.ranksDir(dir));
            } catch (IOException e) {
                err.println("qmpi4j: rank " + comm.rank() + " cannot create " + ResultFiles.ranksDir(dir) + ": " + e);
            }
        }
        OutputSession s = new OutputSession(comm, dir, err);
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

    private static Path agreeOnDirectory(WorldComm comm, ToolSettings settings, PrintStream err) throws Exception {
        Path here = Path.of("").toAbsolutePath();
        if (!comm.canExchangeData()) {
            // Cannot broadcast: each rank decides alone. The named directory is the same for all;
            // a default name may differ between ranks whose clocks straddle a second.
            if (comm.rank() == 0) {
                err.println("qmpi4j: binding '" + comm.binding() + "': ranks cannot agree on a results directory;"
                        + " set " + ToolSettings.describe(OutputLocation.KEY) + " so that they share one");
            }
            return OutputLocation.choose(settings, here, LocalDateTime.now());
        }
        byte[] buf = new byte[PATH_BUFFER];
        if (comm.rank() == 0) {
            try {
                byte[] path = OutputLocation.choose(settings, here, LocalDateTime.now()).toString()
                        .getBytes(StandardCharsets.UTF_8);
                if (path.length > PATH_BUFFER - 4) {
                    throw new IOException("path longer than " + (PATH_BUFFER - 4) + " bytes");
                }
                putInt(buf, path.length);
                System.arraycopy(path, 0, buf, 4, path.length);
            } catch (IOException | RuntimeException e) {
                err.println("qmpi4j: cannot create the results directory (" + e.getMessage() + "); set "
                        + ToolSettings.describe(OutputLocation.KEY) + " to a writable directory. No results are written.");
                putInt(buf, 0);
            }
        }
        comm.bcast(buf, 0);
        int len = getInt(buf);
        if (len <= 0 || len > PATH_BUFFER - 4) {
            return null;
        }
        return Path.of(new String(buf, 4, len, StandardCharsets.UTF_8));
    }

    /** The results directory, or {@code null} if none could be made (tools then write nothing). */
    public Path dir() { return dir; }
    public WorldComm comm() { return comm; }
    public int rank() { return comm.rank(); }
    public int size() { return comm.size(); }

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
            err.println("qmpi4j: results in " + dir + (names.isEmpty() ? "" : " (" + String.join(", ", names) + ")"));
            err.flush();
        }
    }

    /**
     * At exit, on rank 0, if the line has not been printed: the results so far, or, if the job
     * never got to gather, where each rank's own data is.
     */
    private synchronized void announceIfUnfinished() {
        if (!announced && finished > 0) {
            announced = true;
            err.println("qmpi4j: results in " + dir + " (" + String.join(", ", results) + "; some tools did not finish)");
            err.flush();
        } else if (!announced) {
            announced = true;
            err.println("qmpi4j: the job ended before MPI_Finalize; each rank's data is in "
                    + ResultFiles.ranksDir(dir) + "; 'qmpi4j merge " + dir + "' builds the reports");
            err.flush();
        }
    }

    private static void putInt(byte[] b, int v) {
        b[0] = (byte) (v >>> 24);
        b[1] = (byte) (v >>> 16);
        b[2] = (byte) (v >>> 8);
        b[3] = (byte) v;
    }

    private static int getInt(byte[] b) {
        return (b[0] & 0xff) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | (b[3] & 0xff);
    }
}
