package org.qmpi4j.api.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.TimeZone;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.internal.CivilTime;
import org.qmpi4j.api.internal.QmpiBackend;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.ThreadLevel;
import org.qmpi4j.api.settings.Setting;
import org.qmpi4j.api.settings.Settings;

/**
 * The results directory that every rank of a job shares: the one the user named, or else a new
 * folder {@code qmpi4j-<date>-<time>} in the working directory, chosen by rank 0 (its clock and
 * working directory) and broadcast, so that ranks whose clocks straddle a second still agree.
 *
 * <p>What the user named is, first found: the agent's MPI_T control variable
 * {@code qmpi4j_output_dir} of the tool's MPI process (filled by the agent from the setting
 * {@link #SETTING}, and writable by the program before {@code MPI.Init}, so a value the program
 * wrote wins), then the setting itself.
 */
public final class OutputDirectory {
    /** The setting {@code output}: where the tools' results go. */
    public static final Setting<String> SETTING = Setting.string(
            "output",
            "a new `qmpi4j-<date>-<time>` folder in the working directory",
            "directory for the tools' results, created if missing; also the MPI_T control variable"
                    + " `qmpi4j_output_dir`, which a program may write before `MPI.Init` and which then wins");

    /**
     * The setting {@code quiet-results}: rank 0 prints no line at the end of the job saying where
     * the results are or what {@code check} found. {@code qmpi4j run} sets it, since it says both
     * itself after the job, so that the job's output stays the application's. Lines about
     * trouble (results missing or incomplete) are printed regardless.
     */
    public static final Setting<Boolean> QUIET_RESULTS = Setting.flag(
            "quiet-results",
            "rank 0 prints no line at the end of the job saying where the results are or what `check` found"
                    + " (`qmpi4j run` sets it and says both after the job); lines about missing or incomplete"
                    + " results still appear");

    /** Bytes of the broadcast that carries the directory: a length and the UTF-8 path. */
    static final int PATH_BUFFER = 8192;

    private static final String CONTROL_VARIABLE = "qmpi4j_output_dir";

    /** A broadcast of all of a buffer from rank 0 of {@code COMM_WORLD}, for example through {@link org.qmpi4j.api.Qmpi#pmpi}. */
    @FunctionalInterface
    public interface Broadcast {
        void fromRank0(byte[] buffer) throws Exception;
    }

    private OutputDirectory() {}

    /**
     * The directory the user asked for, for tool instance {@code toolId}, or {@code null}: the
     * control variable {@code qmpi4j_output_dir} when it is not blank, else {@code settings}.
     */
    public static @Nullable String requested(int toolId, Settings settings) {
        String cvar = controlVariable(toolId);
        return cvar != null && !cvar.isBlank() ? cvar.trim() : settings.get(SETTING);
    }

    /**
     * Chooses and creates the results directory (on rank 0): {@code requested} (relative to
     * {@code workingDir}; created if missing, reused if present), else a new
     * {@code qmpi4j-<date>-<time>} under {@code workingDir}, with {@code -2}, {@code -3}, ...
     * appended when a job of the same second took the name.
     */
    public static Path choose(@Nullable String requested, Path workingDir, LocalDateTime now) throws IOException {
        return chooseStamped(
                requested,
                workingDir,
                requested != null
                        ? ""
                        : timestamp(
                                now.getYear(),
                                now.getMonthValue(),
                                now.getDayOfMonth(),
                                now.getHour(),
                                now.getMinute(),
                                now.getSecond()));
    }

    /** {@link #choose(String, Path, LocalDateTime)} with the time already written as {@link #timestamp(long)} does. */
    private static Path chooseStamped(@Nullable String requested, Path workingDir, String stamp) throws IOException {
        if (requested != null) {
            Path dir = workingDir.resolve(requested).toAbsolutePath().normalize();
            Files.createDirectories(dir);
            return dir;
        }
        String base = "qmpi4j-" + stamp;
        for (int n = 1; ; n++) {
            Path dir = workingDir
                    .resolve(n == 1 ? base : base + "-" + n)
                    .toAbsolutePath()
                    .normalize();
            try {
                Files.createDirectory(dir); // fails if it exists: the name is ours only if we made it
                return dir;
            } catch (FileAlreadyExistsException taken) {
                if (n > 1000) {
                    throw taken;
                }
            }
        }
    }

    /**
     * Collective: every rank calls it at the same point (e.g. right after {@code MPI_Init}). Rank 0
     * chooses and creates the directory and broadcasts it; every rank returns it. With
     * {@code broadcast == null} (a binding whose broadcast the tool cannot call) each rank
     * chooses alone: the same named directory, but default names may differ between ranks.
     *
     * @return the directory, or {@code null} on every rank if rank 0 could not make one (said once on stderr)
     */
    public static @Nullable Path agree(@Nullable String requested, int rank, @Nullable Broadcast broadcast)
            throws Exception {
        Path here = Path.of("").toAbsolutePath();
        if (broadcast == null) {
            return chooseStamped(requested, here, requested != null ? "" : timestamp(System.currentTimeMillis()));
        }
        byte[] buf = new byte[PATH_BUFFER];
        if (rank == 0) {
            try {
                byte[] path = chooseStamped(
                                requested, here, requested != null ? "" : timestamp(System.currentTimeMillis()))
                        .toString()
                        .getBytes(StandardCharsets.UTF_8);
                if (path.length > PATH_BUFFER - 4) {
                    throw new IOException("path longer than " + (PATH_BUFFER - 4) + " bytes");
                }
                putInt(buf, path.length);
                System.arraycopy(path, 0, buf, 4, path.length);
            } catch (IOException | RuntimeException e) {
                Log.agent()
                        .warn("cannot create the results directory (" + e.getMessage() + "); set " + describeSetting()
                                + " to a writable directory. No results are written.");
                putInt(buf, 0);
            }
        }
        broadcast.fromRank0(buf);
        int len = getInt(buf);
        if (len <= 0 || len > PATH_BUFFER - 4) {
            return null;
        }
        return Path.of(new String(buf, 4, len, StandardCharsets.UTF_8));
    }

    /**
     * The local date and time of {@code epochMillis} as default folder names carry it:
     * {@code yyyyMMdd-HHmmss} (for example {@code 20250304-050607}) in the JVM's default time zone.
     * Written by hand ({@code CivilTime}) rather than with {@code java.time} formatting, whose
     * classes and zone rules a short job would load at start.
     *
     * @param epochMillis milliseconds since 1970-01-01T00:00Z, as {@link System#currentTimeMillis()} gives them
     * @return the stamp, 15 characters for years 1000 to 9999
     */
    public static String timestamp(long epochMillis) {
        long local = epochMillis + TimeZone.getDefault().getOffset(epochMillis);
        CivilTime t = CivilTime.of(local);
        return timestamp(t.year, t.month, t.day, t.hour, t.minute, t.second);
    }

    private static String timestamp(int year, int month, int day, int hour, int minute, int second) {
        StringBuilder sb = new StringBuilder(15);
        if (year < 1000) {
            sb.append(year < 10 ? "000" : year < 100 ? "00" : "0");
        }
        sb.append(year);
        twoDigits(sb, month);
        twoDigits(sb, day);
        sb.append('-');
        twoDigits(sb, hour);
        twoDigits(sb, minute);
        twoDigits(sb, second);
        return sb.toString();
    }

    private static void twoDigits(StringBuilder sb, int v) {
        sb.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
    }

    /** How users set the directory, for messages: {@code qmpi4j.output / QMPI4J_OUTPUT}. */
    public static String describeSetting() {
        return SETTING.systemProperty() + " / " + SETTING.environmentVariable();
    }

    /** The control variable {@code qmpi4j_output_dir} of {@code toolId}'s process, or {@code null} without MPI_T. */
    private static @Nullable String controlVariable(int toolId) {
        MpiT mpit;
        try {
            if (!QmpiBackend.current().mpitEverInitialized(toolId)) {
                return null; // nobody can have written the variable: it still holds the setting
            }
            mpit = Qmpi.mpit(toolId);
            mpit.initThread(ThreadLevel.SINGLE);
        } catch (RuntimeException e) {
            return null; // no MPI_T (no agent, or an older one): the setting decides
        }
        try {
            CvarHandle h = mpit.cvarHandleAlloc(mpit.cvarGetIndex(CONTROL_VARIABLE), null);
            try {
                byte[] buf = new byte[h.count()];
                mpit.cvarRead(h, buf);
                int n = 0;
                while (n < buf.length && buf[n] != 0) {
                    n++;
                }
                return new String(buf, 0, n, StandardCharsets.UTF_8);
            } finally {
                mpit.cvarHandleFree(h);
            }
        } catch (MpitException e) {
            return null;
        } finally {
            mpit.finalizeInterface();
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
