package org.qmpi4j.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.report.files.CheckOutputs;
import org.qmpi4j.report.files.ProfileOutputs;
import org.qmpi4j.report.files.RankFiles;
import org.qmpi4j.report.render.TextReport;

/**
 * The entry from the bundled tools into the report code: what a rank that makes a report calls
 * (rank 0 merging the job's results at {@code MPI_Finalize}, a rank writing its own report at
 * {@code MPI_Pcontrol}, the {@code check} tool ending a deadlocked job). The tools name this type
 * and no other of the module, so the rest of it loads only where a report is made, and the report
 * code may be reshaped behind it without touching the tools.
 */
public final class JobReport {
    private JobReport() {}

    /**
     * Writes the job's {@code profile.json} and its renderings from the profile the ranks' parts
     * were merged into, naming the first failure a rank recorded in {@code dir}; returns the names
     * of the files written.
     */
    public static List<String> writeProfile(Path dir, Profile merged) throws IOException {
        // A rank that called MPI_Abort where it returns (MPJ Express) or whose other thread failed
        // still got here: the report names the first failure the ranks recorded.
        RankFailure first = RankFiles.firstFailure(dir);
        if (first != null && first.rank() < merged.ranks()) {
            merged.withFailure(first);
        }
        return ProfileOutputs.writeAll(dir, merged);
    }

    /** The text report of one rank's own profile ({@code verbose}: with every call site's rows). */
    public static String rankText(Profile mine, boolean verbose, String title) {
        return TextReport.render(mine, verbose ? TextReport.Detail.VERBOSE : TextReport.Detail.CONCISE, title);
    }

    /**
     * The findings of the {@code check} tool merged from each rank's findings file content (an
     * element may be {@code null} or empty: that rank is missing).
     */
    public static Checks mergeChecks(List<String> perRank) {
        return new Checks(CheckOutputs.merge(perRank));
    }

    /** The ranks' findings merged, ready to be written as {@code check.json} and {@code check.txt}. */
    public static final class Checks {
        private final CheckOutputs.Merged merged;

        private Checks(CheckOutputs.Merged merged) {
            this.merged = merged;
        }

        /** The findings, merged across ranks. */
        public List<Finding> findings() {
            return merged.findings;
        }

        /** The ranks whose findings arrived. */
        public List<Integer> ranks() {
            return merged.ranks;
        }

        /** What was wrong with the ranks' files, one line each for the user. */
        public List<String> problems() {
            return merged.problems;
        }

        /** Writes {@code check.json} and {@code check.txt} of a job of {@code size} ranks into {@code dir}; the names written. */
        public List<String> write(Path dir, int size) throws IOException {
            return CheckOutputs.writeAll(dir, merged, size);
        }
    }
}
