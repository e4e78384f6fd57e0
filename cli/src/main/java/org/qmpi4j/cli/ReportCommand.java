package org.qmpi4j.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.report.files.ProfileOutputs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code qmpi4j report <dir>}: renders report.txt, report.html, matrix.html and matrix.svg again from profile.json. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Renders report.txt, report.html, matrix.html and"
                + " matrix.svg again from <dir>/profile.json and prints the report. For a job that ended before gathering"
                + " (no profile.json), run 'qmpi4j merge <dir>' first.")
final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "<dir>", description = "results directory of a job")
    Path dir;

    @Option(
            names = {"-q", "--quiet"},
            description = "write the files only; do not print the report")
    boolean quiet;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path d = ResultsDir.require(dir);
        Profile profile = ProfileFile.read(d);
        ProfileOutputs.writeRenderings(d, profile);
        if (!quiet) {
            spec.commandLine()
                    .getOut()
                    .print(Files.readString(d.resolve(ResultFiles.REPORT_TXT), StandardCharsets.UTF_8));
        }
        spec.commandLine()
                .getErr()
                .println("qmpi4j: wrote " + d.resolve(ResultFiles.REPORT_TXT) + ", " + ResultFiles.REPORT_HTML + ", "
                        + ResultFiles.MATRIX_HTML + ", "
                        + ResultFiles.MATRIX_SVG);
        if (!profile.complete() && Files.isDirectory(ResultFiles.ranksDir(d))) {
            // Partial results: say which ranks are missing and why, from what they left on disk.
            try {
                for (String line : org.qmpi4j.report.files.RankStates.describe(
                        d,
                        profile.ranks(),
                        org.qmpi4j.report.files.RankFiles.mergeProfiles(d),
                        MergeCommand.worldState(d))) {
                    spec.commandLine().getErr().println("qmpi4j: " + line);
                }
            } catch (IllegalArgumentException otherJobs) {
                // the per-rank files are another job's: the report says what profile.json holds
            }
        }
        spec.commandLine().getErr().flush();
        spec.commandLine().getOut().flush();
        return 0;
    }
}
