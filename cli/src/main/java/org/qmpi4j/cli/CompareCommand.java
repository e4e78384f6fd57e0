package org.qmpi4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.report.compare.ScalingStudy;
import org.qmpi4j.report.export.CaliperJson;
import org.qmpi4j.report.render.ScalingHtml;
import org.qmpi4j.report.render.ScalingJson;
import org.qmpi4j.report.render.ScalingText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code qmpi4j compare <run>...}: a scaling study of runs at several rank counts, as text, a page,
 * JSON and a set of Caliper files that Thicket reads as one ensemble.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = "A scaling study of two runs or more of one program (results directories or their profile.json),"
                + " ordered by ranks: each run's time, speedup and parallel efficiency against the smallest run,"
                + " and each function and call site against perfect scaling, naming the part that stops the code"
                + " scaling. Strong scaling (the same problem on more ranks) unless --weak.")
final class CompareCommand implements Callable<Integer> {
    @Parameters(arity = "2..*", paramLabel = "<run>", description = "results directories or profile.json files")
    List<Path> runs;

    @Option(names = "--weak", description = "weak scaling: the same work per rank, so perfect scaling keeps the time")
    boolean weak;

    @Option(names = "--html", paramLabel = "<file>", description = "also write the study as one self-contained page")
    @Nullable
    Path html;

    @Option(names = "--json", paramLabel = "<file>", description = "also write the study as JSON, for scripts")
    @Nullable
    Path json;

    @Option(
            names = "--thicket",
            paramLabel = "<dir>",
            description = "also write each run's profile as Caliper json-split (run-<ranks>-<n>.json) with the run's"
                    + " metadata, which Thicket reads together: Thicket.from_caliper(glob)")
    @Nullable
    Path thicket;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<String> labels = new ArrayList<>();
        List<Profile> profiles = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        for (Path run : runs) {
            Path profile = run.toAbsolutePath().normalize();
            Path parent = profile.getParent();
            Path d = Files.isRegularFile(profile)
                            && parent != null
                            && String.valueOf(profile.getFileName()).equals(ResultFiles.PROFILE_JSON)
                    ? parent
                    : ResultsDir.require(run);
            dirs.add(d);
            profiles.add(ProfileFile.read(d));
            labels.add(run.toString());
        }
        ScalingStudy s = new ScalingStudy(labels, profiles, weak ? ScalingStudy.Mode.WEAK : ScalingStudy.Mode.STRONG);
        spec.commandLine().getOut().print(ScalingText.render(s));
        spec.commandLine().getOut().flush();
        if (html != null) {
            write(html, ScalingHtml.render(s));
        }
        if (json != null) {
            write(json, ScalingJson.render(s));
        }
        if (thicket != null) {
            thicket(thicket, dirs, profiles);
        }
        return 0;
    }

    /** One json-split file per run, its metadata naming the study's order, for Thicket's ensemble. */
    private void thicket(Path thicket, List<Path> dirs, List<Profile> profiles) throws UserError {
        try {
            Files.createDirectories(thicket);
        } catch (IOException e) {
            throw new UserError(thicket + ": cannot create (" + e.getMessage() + ")");
        }
        for (int i = 0; i < profiles.size(); i++) {
            Profile p = profiles.get(i);
            if (!p.perRankKept()) {
                p = ExportCommand.withRankDetail(dirs.get(i), p, r -> true);
            }
            Map<String, Object> metadata = ExportCommand.metadata(dirs.get(i), p);
            metadata.put("qmpi4j.run", runs.get(i).toString());
            metadata.put("qmpi4j.scaling", weak ? "weak" : "strong");
            Path file = thicket.resolve("run-" + p.ranks() + "-" + (i + 1) + ".json");
            try {
                AtomicFiles.write(file, CaliperJson.write(p, metadata, r -> true));
            } catch (IOException e) {
                throw new UserError(file + ": cannot write (" + e.getMessage() + ")");
            }
        }
        spec.commandLine()
                .getErr()
                .println("qmpi4j: wrote " + profiles.size() + " Caliper files for Thicket to " + thicket);
        spec.commandLine().getErr().flush();
    }

    private void write(Path file, String text) throws UserError {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            AtomicFiles.write(file, text);
        } catch (IOException e) {
            throw new UserError(file + ": cannot write (" + e.getMessage() + ")");
        }
        spec.commandLine().getErr().println("qmpi4j: wrote " + file);
        spec.commandLine().getErr().flush();
    }
}
