package org.qmpi4j.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.report.compare.ProfileComparison;
import org.qmpi4j.report.render.ComparisonHtml;
import org.qmpi4j.report.render.ComparisonText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code qmpi4j diff <run-A> <run-B> [more runs]}: what changed between runs, as text and as a page. */
@Command(
        name = "diff",
        mixinStandardHelpOptions = true,
        description = "Compares the profiles of two runs or more (results directories, first to last): the job's"
                + " time per rank, MPI share, imbalance, messages and bytes, then each function and call site,"
                + " most changed first. Times are per rank, so runs of different sizes compare (a scaling study).")
final class DiffCommand implements Callable<Integer> {
    @Parameters(arity = "2..*", paramLabel = "<run>", description = "results directories, oldest (or smallest) first")
    List<Path> runs;

    @Option(
            names = "--html",
            paramLabel = "<file>",
            description = "also write the comparison as one self-contained page")
    @Nullable
    Path html;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        // Begins as CompareCommand.call, whose runs may also be profile.json files: the loops differ.
        List<String> labels = new ArrayList<>();
        List<Profile> profiles = new ArrayList<>();
        for (Path run : runs) {
            Path d = ResultsDir.require(run);
            profiles.add(ProfileFile.read(d));
            labels.add(run.toString());
        }
        ProfileComparison c = new ProfileComparison(labels, profiles);
        spec.commandLine().getOut().print(ComparisonText.render(c));
        spec.commandLine().getOut().flush();
        if (html != null) {
            try {
                AtomicFiles.write(html, ComparisonHtml.render(c));
            } catch (IOException e) {
                throw new UserError(html + ": cannot write (" + e.getMessage() + ")");
            }
            spec.commandLine().getErr().println("qmpi4j: wrote " + html);
            spec.commandLine().getErr().flush();
        }
        return 0;
    }
}
