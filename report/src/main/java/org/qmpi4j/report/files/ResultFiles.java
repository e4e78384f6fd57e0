package org.qmpi4j.report.files;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of what the bundled tools leave in a results directory:
 * <pre>
 * report.txt      the profile for people (text tables)
 * report.html     the same as one page with charts and the matrix (opens offline)
 * profile.json    the profile for scripts
 * matrix.html     communication matrix, interactive heatmap
 * matrix.svg      communication matrix, image
 * trace.json      the timeline (Chrome Trace Event format: Perfetto, chrome://tracing)
 * ranks/          each rank's own data, written during the run: rank-&lt;r&gt;.profile.json, rank-&lt;r&gt;.trace
 * pcontrol/       what MPI_Pcontrol(2/3/4) wrote: rank-&lt;r&gt;-&lt;n&gt;-snapshot.json, -verbose.txt, -concise.txt
 * </pre>
 */
public final class ResultFiles {
    public static final String REPORT_TXT = "report.txt";
    public static final String REPORT_HTML = "report.html";
    public static final String PROFILE_JSON = "profile.json";
    public static final String MATRIX_HTML = "matrix.html";
    public static final String MATRIX_SVG = "matrix.svg";
    public static final String TRACE_JSON = "trace.json";
    public static final String RANKS_DIR = "ranks";
    public static final String PCONTROL_DIR = "pcontrol";

    private static final Pattern RANK_PROFILE = Pattern.compile("rank-(\\d+)\\.profile\\.json");
    private static final Pattern RANK_TRACE = Pattern.compile("rank-(\\d+)\\.trace");

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

    /** {@code pcontrol/rank-<r>-<n>-<what>} for the n-th Pcontrol output of rank r. */
    public static Path pcontrol(Path dir, int rank, int sequence, String what) {
        return dir.resolve(PCONTROL_DIR).resolve("rank-" + rank + "-" + sequence + "-" + what);
    }

    /** The rank a per-rank profile file name belongs to, or -1. */
    public static int rankOfProfile(String fileName) {
        Matcher m = RANK_PROFILE.matcher(fileName);
        return m.matches() ? parse(m.group(1)) : -1;
    }

    /** The rank a per-rank trace file name belongs to, or -1. */
    public static int rankOfTrace(String fileName) {
        Matcher m = RANK_TRACE.matcher(fileName);
        return m.matches() ? parse(m.group(1)) : -1;
    }

    private static int parse(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
