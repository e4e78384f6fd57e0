package org.qmpi4j.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.cli.otf2.NativeOtf2Archive;
import org.qmpi4j.cli.otf2.Otf2Unavailable;
import org.qmpi4j.formats.files.DamagedFileException;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.report.export.otf2.TraceExport;
import org.qmpi4j.report.files.RankFiles;
import org.qmpi4j.report.trace.TraceSelection;

/**
 * {@code qmpi4j export --format otf2}: checks the input and the destination, writes the archive
 * into a temporary folder beside the destination through OTF2's library and moves it into place,
 * so that a failed export leaves no half archive.
 */
final class Otf2ExportRun {
    private final PrintWriter err;

    Otf2ExportRun(PrintWriter err) {
        this.err = err;
    }

    int run(Path dir, Path destination, @Nullable String ranks, @Nullable String from, @Nullable String to)
            throws UserError {
        List<Integer> shards;
        try {
            shards = RankFiles.traceRanks(dir);
        } catch (IOException e) {
            throw new UserError(ResultFiles.ranksDir(dir) + ": cannot list (" + e.getMessage() + ")");
        }
        if (shards.isEmpty()) {
            throw new UserError(ResultFiles.ranksDir(dir)
                    + ": no trace shards (rank-<r>.trace): otf2 exports the tracer's trace; run the job with the"
                    + " tracer (tools=profiler,tracer)");
        }
        int size = TraceCommand.headers(dir, shards).size;
        TraceSelection selection = TraceCommand.selection(ranks, from, to, size);
        Path target = destination.toAbsolutePath().normalize();
        checkDestination(target);
        Path tmp = target.resolveSibling("." + target.getFileName() + ".partial-"
                + ProcessHandle.current().pid());
        TraceResult result;
        try {
            Files.createDirectories(tmp);
            try (NativeOtf2Archive archive =
                    NativeOtf2Archive.create(tmp, "qmpi4j " + Qmpi4jCommand.versionText(), "MPI trace of " + dir)) {
                result = TraceExport.write(dir, size, selection, hosts(dir, size), archive);
            }
            if (Files.isDirectory(target)) {
                Files.delete(target); // checked empty above
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (Otf2Unavailable e) {
            deleteTree(tmp);
            throw UserError.of(e);
        } catch (DamagedFileException e) {
            deleteTree(tmp);
            throw UserError.reading(dir, dir, e);
        } catch (IOException e) {
            deleteTree(tmp);
            throw new UserError(target + ": cannot write the OTF2 archive (" + e.getMessage() + ")");
        }
        result.problems().forEach(p -> err.println("qmpi4j: export " + p));
        err.println("qmpi4j: wrote " + target.resolve(NativeOtf2Archive.NAME + ".otf2") + " (OTF2: "
                + result.calls().size() + " rank(s), "
                + result.calls().values().stream().mapToLong(Long::longValue).sum() + " calls"
                + (result.missingRanks().isEmpty() ? "" : "; no shard for rank(s) " + result.missingRanks())
                + "; open it in Vampir, or analyse it with Scalasca's scout)");
        err.flush();
        return 0;
    }

    private static void checkDestination(Path target) throws UserError {
        if (Files.isRegularFile(target)) {
            throw new UserError(target + ": a file; otf2 writes a folder (traces.otf2, traces.def, traces/)");
        }
        if (Files.isDirectory(target)) {
            try (Stream<Path> s = Files.list(target)) {
                if (s.findAny().isPresent()) {
                    throw new UserError(target + ": not empty; give a new folder for the OTF2 archive");
                }
            } catch (IOException e) {
                throw new UserError(target + ": cannot read (" + e.getMessage() + ")");
            }
        }
        Path parent = target.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new UserError(parent + ": no such directory");
        }
    }

    /** Each rank's host, from the profile (or the per-rank profile files, or the shards); empty when unknown. */
    static List<String> hosts(Path dir, int size) {
        List<String> hosts = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            hosts.add("");
        }
        try {
            if (Files.isRegularFile(dir.resolve(ResultFiles.PROFILE_JSON))) {
                Profile p = ProfileFile.read(dir);
                for (Profile.RankSummary s : p.rankSummaries()) {
                    set(hosts, s.rank(), s.environment());
                }
            } else {
                RankFiles.Profiles per = RankFiles.readProfiles(dir);
                per.byRank().forEach((r, rp) -> set(hosts, r, rp.environment()));
            }
        } catch (UserError | IOException | RuntimeException e) {
            // Hosts only place the ranks in the system tree: without them, every rank is on
            // "unknown host" and the trace is whole.
        }
        // Without a profile (the tracer alone), each shard's header names its rank's host.
        for (int r = 0; r < size; r++) {
            Path shard = ResultFiles.rankTrace(dir, r);
            if (hosts.get(r).isEmpty() && Files.isRegularFile(shard)) {
                try {
                    String host = TraceCommand.header(dir, r).host;
                    if (!host.isEmpty()) {
                        hosts.set(r, host);
                    }
                } catch (UserError unreadable) {
                    // the export itself says which shards it could not read
                }
            }
        }
        return hosts;
    }

    private static void set(List<String> hosts, int rank, Map<String, String> env) {
        String h = env.get("host");
        if (rank >= 0 && rank < hosts.size() && h != null) {
            hosts.set(rank, h);
        }
    }

    private static void deleteTree(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary folder is named for what it is; nothing more to do
        }
    }
}
