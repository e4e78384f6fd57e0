package org.qmpi4j.formats.files;

import java.nio.file.Path;
import org.qmpi4j.formats.profile.ProfileFormat;

/**
 * The names of what the bundled tools leave in a results directory:
 * <pre>
 * report.txt      the profile for people (text tables)
 * report.html     the same as one page with charts and the matrix (opens offline)
 * profile.json    the profile for scripts
 * profile-ranks.jsonl  above 1024 ranks: each rank's share of each function and call site, a line per rank
 * matrix.html     communication matrix, interactive heatmap
 * matrix.svg      communication matrix, image
 * trace.json      the timeline (Chrome Trace Event format: Perfetto, chrome://tracing, DevTools), for small traces
 * trace.pftrace   the timeline in Perfetto's protobuf format, instead of trace.json for larger traces
 * trace-index.json  instead of either, past the merge limit: the shards, for qmpi4j trace
 * check.json      the check tool's findings for scripts
 * check.txt       the same for people
 * ranks/          each rank's own data, written during the run: rank-&lt;r&gt;.profile.json, rank-&lt;r&gt;.trace,
 *                 rank-&lt;r&gt;.check.json
 * pcontrol/       what MPI_Pcontrol(2/3/4) wrote: rank-&lt;r&gt;-&lt;n&gt;-snapshot.json, -verbose.txt, -concise.txt
 * </pre>
 */
public final class ResultFiles {
    public static final String REPORT_TXT = "report.txt";
    public static final String REPORT_HTML = "report.html";
    public static final String PROFILE_JSON = "profile.json";
    /** Beside {@code profile.json} above {@link ProfileFormat#RANK_DETAIL_MAX_RANKS} ranks: the ranks' shares. */
    public static final String PROFILE_RANKS_JSONL = ProfileFormat.RANK_DETAIL_FILE;

    public static final String MATRIX_HTML = "matrix.html";
    public static final String MATRIX_SVG = "matrix.svg";
    public static final String TRACE_JSON = "trace.json";
    public static final String TRACE_PFTRACE = "trace.pftrace";
    public static final String CHECK_JSON = "check.json";
    public static final String CHECK_TXT = "check.txt";
    public static final String RANKS_DIR = "ranks";
    /**
     * The most ranks a results file may name: a job size read from a file is checked against it
     * before anything is sized by it, so that a damaged number cannot ask for the memory of
     * billions of ranks.
     */
    public static final int MAX_RANKS = 1 << 20;

    public static final String PCONTROL_DIR = "pcontrol";

    private static final String RANK_PREFIX = "rank-";
    private static final String PROFILE_SUFFIX = ".profile.json";
    private static final String TRACE_SUFFIX = ".trace";
    private static final String CHECK_SUFFIX = ".check.json";
    private static final String FAILURE_SUFFIX = ".failure.json";

    private ResultFiles() {}

    public static Path ranksDir(Path dir) {
        return dir.resolve(RANKS_DIR);
    }

    public static Path rankProfile(Path dir, int rank) {
        return ranksDir(dir).resolve("rank-" + rank + ".profile.json");
    }

    public static Path rankTrace(Path dir, int rank) {
        return ranksDir(dir).resolve("rank-" + rank + ".trace");
    }

    public static Path rankCheck(Path dir, int rank) {
        return ranksDir(dir).resolve("rank-" + rank + CHECK_SUFFIX);
    }

    /** Where rank {@code rank} records how it failed ({@code MPI_Abort}, an uncaught exception), if it did. */
    public static Path rankFailure(Path dir, int rank) {
        return ranksDir(dir).resolve("rank-" + rank + FAILURE_SUFFIX);
    }

    /** The rank a per-rank failure file name belongs to, or -1. */
    public static int rankOfFailure(String fileName) {
        return rankIn(fileName, FAILURE_SUFFIX);
    }

    /** The rank a per-rank findings file name belongs to, or -1. */
    public static int rankOfCheck(String fileName) {
        return rankIn(fileName, CHECK_SUFFIX);
    }

    /** {@code pcontrol/rank-<r>-<n>-<what>} for the n-th Pcontrol output of rank r. */
    public static Path pcontrol(Path dir, int rank, int sequence, String what) {
        return dir.resolve(PCONTROL_DIR).resolve("rank-" + rank + "-" + sequence + "-" + what);
    }

    /** The rank a per-rank profile file name belongs to, or -1. */
    public static int rankOfProfile(String fileName) {
        return rankIn(fileName, PROFILE_SUFFIX);
    }

    /** The rank a per-rank trace file name belongs to, or -1. */
    public static int rankOfTrace(String fileName) {
        return rankIn(fileName, TRACE_SUFFIX);
    }

    /**
     * The number of {@code rank-<digits><suffix>}, or -1: matched by hand, not with a regular
     * expression, whose compilation costs every short job's start a millisecond.
     */
    private static int rankIn(String fileName, String suffix) {
        int end = fileName.length() - suffix.length();
        if (end <= RANK_PREFIX.length() || !fileName.startsWith(RANK_PREFIX) || !fileName.endsWith(suffix)) {
            return -1;
        }
        for (int i = RANK_PREFIX.length(); i < end; i++) {
            char c = fileName.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
        }
        return parse(fileName.substring(RANK_PREFIX.length(), end));
    }

    private static int parse(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
