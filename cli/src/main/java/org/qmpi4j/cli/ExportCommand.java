package org.qmpi4j.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.IntPredicate;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.report.export.CaliperJson;
import org.qmpi4j.report.trace.TraceSelection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code qmpi4j export --format FORMAT <dir> <destination>}: a job's results in the format of
 * another analysis tool. The OTF2 route's classes (and JNA) are loaded only when it runs.
 */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = {
            "Writes the results in <dir> in another analysis tool's format to <destination>.",
            "Formats:",
            "  caliper-json  the profile as Caliper's json-split file, which Hatchet's and Thicket's"
                    + " from_caliper read (call path main > call site > MPI function; time, calls and bytes per"
                    + " rank; the job's facts as metadata); <destination> is a file; --ranks.",
            "  otf2          the trace (the tracer's shards in <dir>/ranks) as an OTF2 archive for Vampir and"
                    + " Scalasca, written as Score-P writes MPI traces, on rank 0's corrected clock;"
                    + " <destination> is a new folder that gets traces.otf2; --ranks, --from, --to;"
                    + " needs OTF2's library (Debian 12: apt-get install libopen-trace-format2-10)."
        })
final class ExportCommand implements Callable<Integer> {
    @Option(
            names = "--format",
            required = true,
            paramLabel = "<format>",
            description = "the format to write: caliper-json or otf2")
    String format;

    @Option(
            names = "--ranks",
            paramLabel = "<ranks>",
            description = "ranks to include, e.g. 0-15 or 0,4,8-11 (default: all)")
    @Nullable
    String ranks;

    @Option(
            names = "--from",
            paramLabel = "<time>",
            description = "otf2: start of the window, from the job's start: 10s, 1.5s, 250ms, 40us (default: the"
                    + " job's start)")
    @Nullable
    String from;

    @Option(names = "--to", paramLabel = "<time>", description = "otf2: end of the window (default: the job's end)")
    @Nullable
    String to;

    @Parameters(index = "0", paramLabel = "<dir>", description = "results directory of a job")
    Path dir;

    @Parameters(index = "1", paramLabel = "<destination>", description = "where to write")
    Path destination;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        String f = format.trim().toLowerCase(Locale.ROOT);
        switch (f) {
            case "caliper-json":
                return caliper();
            case "otf2":
                return new Otf2ExportRun(spec.commandLine().getErr())
                        .run(ResultsDir.require(dir), destination, ranks, from, to);
            default:
                throw new UserError("--format " + format + ": not a format qmpi4j exports (caliper-json, otf2)");
        }
    }

    private int caliper() throws Exception {
        if (from != null || to != null) {
            throw new UserError((from != null ? "--from" : "--to")
                    + ": caliper-json exports the profile, which has no time window (--from/--to are for otf2)");
        }
        Path d = ResultsDir.require(dir);
        Profile profile = ProfileFile.read(d);
        IntPredicate keep = keptRanks(profile.ranks());
        if (Files.isDirectory(destination)) {
            throw new UserError(destination + ": a directory; caliper-json writes one file, e.g. "
                    + destination.resolve("profile.cali.json"));
        }
        if (!profile.perRankKept()) {
            profile = withRankDetail(d, profile, keep);
        }
        String json = CaliperJson.write(profile, metadata(d, profile), keep);
        try {
            Path parent = destination.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            AtomicFiles.write(destination, json);
        } catch (IOException e) {
            throw new UserError(destination + ": cannot write (" + e.getMessage() + ")");
        }
        spec.commandLine()
                .getErr()
                .println("qmpi4j: wrote " + destination
                        + " (Caliper json-split: Hatchet and Thicket read it with from_caliper)");
        spec.commandLine().getErr().flush();
        return 0;
    }

    /** {@code profile} with the shares of the kept ranks from {@code profile-ranks.jsonl} beside it. */
    static Profile withRankDetail(Path dir, Profile profile, IntPredicate keep) throws UserError {
        Path lines = dir.resolve(ResultFiles.PROFILE_RANKS_JSONL);
        try (java.io.BufferedReader in = Files.newBufferedReader(lines, java.nio.charset.StandardCharsets.UTF_8)) {
            return ProfileFormat.withRankDetail(profile, in, keep);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new UserError(dir.resolve(ResultFiles.PROFILE_JSON) + " keeps its ranks' shares in " + lines
                    + ", which is missing: run 'qmpi4j merge " + dir + "' to rebuild both from ranks/");
        } catch (org.qmpi4j.formats.json.JsonFormatException e) {
            throw new UserError(lines + " is corrupt: " + e.getMessage());
        } catch (java.nio.charset.CharacterCodingException e) {
            try {
                throw UserError.of(org.qmpi4j.formats.files.ResultText.notUtf8(lines));
            } catch (IOException again) {
                throw new UserError(lines + ": cannot read (" + again.getMessage() + ")");
            }
        } catch (IOException e) {
            throw new UserError(lines + ": cannot read (" + e.getMessage() + ")");
        }
    }

    private IntPredicate keptRanks(int size) throws UserError {
        if (ranks == null) {
            return r -> true;
        }
        BitSet wanted;
        try {
            wanted = TraceSelection.parseRanks(ranks);
        } catch (IllegalArgumentException e) {
            throw UserError.of(e);
        }
        if (wanted.length() > size) {
            throw new UserError("--ranks " + ranks + ": the job has ranks 0-" + (size - 1));
        }
        return wanted::get;
    }

    /**
     * The job's facts, as Thicket's metadata table shows them per run: what the profile says, the
     * command from {@code world.json} when there is one, the tools whose results are there, and
     * this qmpi4j's version.
     */
    static Map<String, Object> metadata(Path dir, Profile profile) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("qmpi4j.version", Qmpi4jCommand.versionText());
        m.put("qmpi4j.binding", profile.binding());
        m.put("mpi.world.size", profile.ranks());
        m.put("date", profile.created());
        if (!profile.rankSummaries().isEmpty()) {
            Map<String, String> env = profile.rankSummaries().get(0).environment();
            if (env.containsKey("host")) {
                m.put("host", env.get("host"));
            }
            if (env.containsKey("main")) {
                m.put("main", env.get("main"));
            }
            if (env.containsKey("java")) {
                m.put("java", env.get("java"));
            }
        }
        String command = worldCommand(dir);
        if (command != null) {
            m.put("command", command);
        }
        StringBuilder tools = new StringBuilder("profiler");
        if (Files.exists(dir.resolve(ResultFiles.TRACE_JSON)) || Files.exists(dir.resolve("trace-index.json"))) {
            tools.append(",tracer");
        }
        m.put("qmpi4j.tools", tools.toString());
        m.put("complete", String.valueOf(profile.complete()));
        return m;
    }

    private static @Nullable String worldCommand(Path dir) {
        Path world = dir.resolve("world.json");
        if (!Files.isRegularFile(world)) {
            return null;
        }
        try {
            JsonNode w = JsonNode.parse(Files.readString(world, StandardCharsets.UTF_8));
            JsonNode c = w.optional("command");
            return c == null ? null : c.asString();
        } catch (IOException | JsonFormatException | RuntimeException e) {
            return null; // the command is a nicety; the export does not stand on it
        }
    }
}
