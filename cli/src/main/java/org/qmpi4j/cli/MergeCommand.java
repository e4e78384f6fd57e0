package org.qmpi4j.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceIndex;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.formats.waits.WaitReport;
import org.qmpi4j.formats.worlds.WorldIndex;
import org.qmpi4j.report.files.ProfileOutputs;
import org.qmpi4j.report.files.RankFiles;
import org.qmpi4j.report.files.RankStates;
import org.qmpi4j.report.trace.PerfettoWaitMarks;
import org.qmpi4j.report.trace.TraceBuilder;
import org.qmpi4j.report.trace.TraceSelection;
import org.qmpi4j.report.trace.TraceShards;
import org.qmpi4j.report.trace.TraceWaits;
import org.qmpi4j.report.waits.WaitAnalysis;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code qmpi4j merge <dir>}: what rank 0 would have written at {@code MPI_Finalize}, rebuilt from
 * the per-rank files in {@code ranks/}: profile.json and its renderings from the profiles,
 * trace.json (or, past the JSON limit, trace.pftrace; past the merge limit, trace-index.json) from
 * the traces, by the tracer's defaults; check.json and check.txt from the check tool's findings. Ranks without a file are reported missing, not guessed. A job
 * folder with spawned worlds ({@code worlds/<id>/}) has each world merged in its own folder and
 * the job's index ({@code worlds.json}, {@code worlds.txt}) rebuilt.
 */
@Command(
        name = "merge",
        mixinStandardHelpOptions = true,
        description = "Rebuilds profile.json, report.txt, report.html,"
                + " matrix.html, matrix.svg, trace.json (trace.pftrace for larger traces), check.json and check.txt"
                + " from the per-rank files"
                + " in <dir>/ranks, for a job that ended"
                + " (exception, kill, MPI_Abort) before the tools could gather. With spawned worlds (<dir>/worlds/<id>),"
                + " merges each world in its folder and rebuilds worlds.json and worlds.txt.")
final class MergeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "<dir>", description = "results directory of a job")
    Path dir;

    @Option(
            names = "--trace-limit",
            paramLabel = "<bytes>",
            description = "the most bytes of trace shards merged into one trace, e.g. 64m, 2g (default: 20m, as the"
                    + " tracer's tracer.merge-limit); past it merge writes trace-index.json and says how to build a"
                    + " trace of chosen ranks and a time window with qmpi4j trace")
    String traceLimit = "20m";

    @Option(
            names = "--trace-json-limit",
            paramLabel = "<bytes>",
            description = "the most bytes of trace shards merged into trace.json (default: 5m, as the tracer's"
                    + " tracer.json-limit); past it, up to --trace-limit, merge writes trace.pftrace (Perfetto's"
                    + " protobuf format, https://ui.perfetto.dev): as JSON the trace would be too large for the JSON"
                    + " viewers")
    String traceJsonLimit = "5m";

    @Option(
            names = "--iteration",
            paramLabel = "<auto|pcontrol|off|Class:line>",
            description = "how the job's main loop is found in the traces (default: auto, as the tracer's"
                    + " tracer.iteration): auto takes the program's MPI_Pcontrol marker (an MPI_Pcontrol call site"
                    + " with a level other than 0 that every rank calls equally often, at least 3 times) or else"
                    + " finds the loop from the calls every rank repeats, pcontrol takes the marker only, Class:line"
                    + " names the MPI call that ends each iteration (before any marker), off does not look")
    String iteration = "auto";

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path d = ResultsDir.require(dir);
        PrintWriter err = spec.commandLine().getErr();
        List<Path> spawned = WorldIndex.spawnedFolders(d);
        if (spawned.isEmpty()) {
            mergeWorld(d, err);
            return 0;
        }
        List<Path> worlds = new ArrayList<>();
        if (Files.isDirectory(ResultFiles.ranksDir(d))) {
            worlds.add(d);
        }
        worlds.addAll(spawned);
        int failed = 0;
        for (Path w : worlds) {
            err.println("qmpi4j: world in " + w);
            try {
                mergeWorld(w, err);
            } catch (UserError e) {
                failed++;
                err.println("qmpi4j: " + e.getMessage());
            }
        }
        List<String> unreadable = new ArrayList<>();
        List<org.qmpi4j.formats.worlds.WorldRecord> records = WorldIndex.update(d, unreadable);
        unreadable.forEach(p -> err.println("qmpi4j: skipped " + p));
        err.println("qmpi4j: " + records.size() + " worlds listed in " + d.resolve(WorldIndex.WORLDS_TXT)
                + (failed == 0 ? "" : "; " + failed + " world folder(s) had nothing to merge"));
        err.flush();
        return failed == worlds.size() ? 1 : 0;
    }

    /** Merges the per-rank files of one world's folder. */
    private void mergeWorld(Path d, PrintWriter err) throws Exception {
        Path ranks = ResultFiles.ranksDir(d);
        if (!Files.isDirectory(ranks)) {
            throw new UserError(d + ": no " + ResultFiles.RANKS_DIR
                    + "/ directory with per-rank files: not a results directory of the qmpi4j tools");
        }
        RankFiles.Merged profiles;
        try {
            profiles = RankFiles.mergeProfiles(d);
        } catch (IllegalArgumentException e) {
            throw new UserError(ranks + ": the per-rank files do not belong to one job: " + e.getMessage());
        }
        List<Integer> traces = RankFiles.traceRanks(d);
        // Every shard's header first: a damaged one is one line before anything is written.
        org.qmpi4j.formats.trace.ShardHeader traceHeader = traces.isEmpty() ? null : TraceCommand.headers(d, traces);
        List<String> checks = org.qmpi4j.report.files.CheckOutputs.readRankFiles(d);
        if (profiles.profile() == null && traces.isEmpty() && checks.isEmpty()) {
            throw new UserError(ranks + ": no readable per-rank files (rank-<r>.profile.json, rank-<r>.trace,"
                    + " rank-<r>.check.json)"
                    + (profiles.problems().isEmpty()
                            ? ""
                            : "; " + profiles.problems().get(0)));
        }
        profiles.problems().forEach(p -> err.println("qmpi4j: skipped " + p));

        List<String> written = new ArrayList<>();
        int size;
        String binding;
        long limit = bytes("--trace-limit", traceLimit);
        long jsonLimit = bytes("--trace-json-limit", traceJsonLimit);
        long shardBytes = traces.isEmpty() ? 0 : RankFiles.traceBytes(d);
        boolean perfetto = !traces.isEmpty() && shardBytes <= limit && shardBytes > jsonLimit;
        // The wait instances, to mark them in trace.pftrace once it is written.
        PerfettoWaitMarks marks = perfetto ? new PerfettoWaitMarks() : null;
        // Each rank's iteration counter, to add to the trace (trace.json or trace.pftrace) too.
        org.qmpi4j.report.iterations.IterationCounters counters =
                !traces.isEmpty() && shardBytes <= limit ? new org.qmpi4j.report.iterations.IterationCounters() : null;
        if (profiles.profile() != null) {
            Profile merged = profiles.profile();
            size = merged.ranks();
            binding = merged.binding();
            if (!traces.isEmpty()) {
                // The waits each iteration holds come from the wait analysis's instances.
                org.qmpi4j.report.iterations.RankWaits waits =
                        new org.qmpi4j.report.iterations.RankWaits(marks == null ? WaitAnalysis.NOBODY : marks);
                boolean analysed = waits(d, merged, err, waits);
                iterations(d, merged, err, iteration, analysed && waits.complete() ? waits : null, counters);
            }
            try {
                written.addAll(ProfileOutputs.writeAll(d, merged));
            } finally {
                if (merged.rankDetail() != null) {
                    merged.rankDetail().discard(); // its temporary file: the results hold it now
                }
            }
            err.println("qmpi4j: profile of " + profiles.ranksRead() + " of " + size + " ranks"
                    + (merged.complete() ? "" : " (no data from rank(s) " + merged.missingRanks() + ")")
                    + (profiles.unfinished() == 0
                            ? ""
                            : "; " + profiles.unfinished()
                                    + " rank(s) stopped before MPI_Finalize (their data is as last written)"));
        } else if (traceHeader == null) { // no traces
            size = -1;
            binding = "unknown";
        } else {
            size = traceHeader.size;
            binding = traceHeader.binding;
        }
        if (!traces.isEmpty() && traces.get(traces.size() - 1) >= size) {
            int last = traces.get(traces.size() - 1);
            throw new UserError(ResultFiles.rankTrace(d, last) + " is corrupt: line 1: a trace of rank " + last
                    + ", but the ranks' profiles are of a job of " + size + " ranks");
        }
        if (!traces.isEmpty() && shardBytes > limit) {
            List<String> problems = new ArrayList<>();
            List<ShardSummary> summaries = TraceShards.traceSummaries(d, problems);
            problems.forEach(p -> err.println("qmpi4j: trace " + p));
            java.util.BitSet traced = new java.util.BitSet(size);
            traces.forEach(traced::set); // not traces.contains(r) per rank: quadratic in the ranks
            List<Integer> missingTraces = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                if (!traced.get(r)) {
                    missingTraces.add(r);
                }
            }
            TraceIndex.write(d, size, binding, summaries, missingTraces, limit);
            long start = summaries.stream().mapToLong(ShardSummary::start).min().orElse(0);
            long end = summaries.stream().mapToLong(ShardSummary::end).max().orElse(0);
            err.println("qmpi4j: trace shards of " + traces.size() + " of " + size + " ranks hold " + shardBytes
                    + " bytes, over the limit of " + limit + ": " + TraceIndex.FILE + " lists them; build a trace"
                    + " of chosen ranks and a time window with: " + TraceIndex.command(d, size, start, end));
            written.add(TraceIndex.FILE);
        } else if (!traces.isEmpty() && shardBytes > jsonLimit) {
            TraceResult r;
            try {
                r = TraceBuilder.build(
                        d,
                        size,
                        binding,
                        TraceSelection.all(),
                        TraceBuilder.Format.PERFETTO,
                        d.resolve(ResultFiles.TRACE_PFTRACE));
            } catch (IOException e) {
                throw UserError.reading(d, ranks, e);
            }
            r.problems().forEach(p -> err.println("qmpi4j: trace " + p));
            try {
                if (marks != null) {
                    marks.appendTo(d.resolve(ResultFiles.TRACE_PFTRACE));
                }
            } catch (IOException e) {
                err.println("qmpi4j: wait states not marked in " + ResultFiles.TRACE_PFTRACE + ": " + e.getMessage());
            }
            try {
                if (counters != null) {
                    counters.appendTo(d.resolve(ResultFiles.TRACE_PFTRACE));
                }
            } catch (IOException e) {
                err.println("qmpi4j: iterations not added to " + ResultFiles.TRACE_PFTRACE + ": " + e.getMessage());
            }
            err.println("qmpi4j: trace of " + r.calls().size() + " of " + size + " ranks, "
                    + r.calls().values().stream().mapToLong(Long::longValue).sum() + " calls, in "
                    + ResultFiles.TRACE_PFTRACE + " (Perfetto's format; open it in https://ui.perfetto.dev): the shards"
                    + " hold " + shardBytes + " bytes, over the JSON limit of " + jsonLimit
                    + (r.missingRanks().isEmpty() ? "" : "; no trace from rank(s) " + r.missingRanks()));
            written.add(ResultFiles.TRACE_PFTRACE);
        } else if (!traces.isEmpty()) {
            TraceResult s;
            try {
                s = TraceShards.assembleTrace(d, size, binding);
            } catch (IOException e) {
                throw UserError.reading(d, ranks, e);
            }
            s.problems().forEach(p -> err.println("qmpi4j: trace " + p));
            try {
                if (counters != null) {
                    counters.appendToJson(d.resolve(ResultFiles.TRACE_JSON));
                }
            } catch (IOException e) {
                err.println("qmpi4j: iterations not added to " + ResultFiles.TRACE_JSON + ": " + e.getMessage());
            }
            err.println("qmpi4j: trace of " + s.calls().size() + " of " + size + " ranks, "
                    + s.calls().values().stream().mapToLong(Long::longValue).sum() + " calls"
                    // A node that was lost takes its ranks' files with it: name them, as for the profile.
                    + (s.missingRanks().isEmpty() ? "" : "; no trace from rank(s) " + s.missingRanks())
                    + (s.truncatedRanks().isEmpty()
                            ? ""
                            : "; stopped at the size limit on rank(s) " + s.truncatedRanks()));
            written.add(ResultFiles.TRACE_JSON);
        }
        if (!checks.isEmpty()) {
            org.qmpi4j.report.files.CheckOutputs.Merged merged = org.qmpi4j.report.files.CheckOutputs.merge(checks);
            merged.problems.forEach(p -> err.println("qmpi4j: skipped " + p));
            written.addAll(org.qmpi4j.report.files.CheckOutputs.writeAll(d, merged, size));
            err.println("qmpi4j: " + merged.findings.size() + " finding(s) of check from " + merged.ranks.size()
                    + " rank(s)" + (size > merged.ranks.size() ? " of " + size : ""));
        }
        if (size > 0) {
            for (String line : RankStates.describe(d, size, profiles, worldState(d))) {
                err.println("qmpi4j: " + line);
            }
        }
        err.println("qmpi4j: results in " + d + " (" + String.join(", ", written) + ")");
        err.flush();
    }

    /** The state the world's {@code world.json} in {@code d} records, or {@code null} if it cannot be read. */
    static @Nullable String worldState(Path d) {
        try {
            return org.qmpi4j.formats.worlds.WorldRecord.fromJson(
                            Files.readString(d.resolve(WorldIndex.WORLD_JSON), java.nio.charset.StandardCharsets.UTF_8))
                    .state;
        } catch (IOException | RuntimeException | org.qmpi4j.formats.json.JsonFormatException e) {
            return null;
        }
    }

    /** Adds the job's main loop, from the traces (reported, not fatal, when they cannot say). */
    private static void iterations(
            Path d,
            Profile merged,
            PrintWriter err,
            String setting,
            @org.qmpi4j.api.Nullable org.qmpi4j.report.iterations.RankWaits waits,
            @org.qmpi4j.api.Nullable org.qmpi4j.report.iterations.IterationStarts starts) {
        try {
            org.qmpi4j.formats.profile.Iterations it =
                    org.qmpi4j.report.iterations.TraceCalls.find(d, merged.ranks(), setting, waits, starts);
            merged.withIterations(it);
            if (it != null) {
                err.println("qmpi4j: iterations: "
                        + (it.found()
                                ? it.count()
                                        + (it.foundBy() == org.qmpi4j.formats.profile.Iterations.FoundBy.PCONTROL
                                                ? ", each starting at the MPI_Pcontrol marker "
                                                : ", each ending at ")
                                        + it.boundary()
                                : "none (" + it.reason() + ")"));
            }
        } catch (IOException | RuntimeException e) {
            err.println("qmpi4j: iterations not found: " + e.getMessage());
        }
    }

    /**
     * Adds why ranks waited, from the traces, to the profile (reported, not fatal, when the traces
     * cannot say); {@code listener} is told of each wait instance (to mark them in the trace, to
     * give them to the iterations). Whether the waits were analysed.
     */
    private static boolean waits(Path d, Profile merged, PrintWriter err, WaitAnalysis.InstanceListener listener) {
        try {
            long start = System.nanoTime();
            WaitReport w = TraceWaits.analyse(d, merged.ranks(), WaitAnalysis.DEFAULT_NOISE_FLOOR_NS, listener);
            if (w != null) {
                long ms = (System.nanoTime() - start) / 1_000_000;
                merged.withWaits(w);
                err.println("qmpi4j: wait states: " + w.waits().size() + " (pattern, rank, call site) entries, "
                        + w.delays().size() + " delays, critical path "
                        + org.qmpi4j.formats.profile.Decimals.fixed(w.criticalPathNs() / 1e9, 6) + " s"
                        + " (analysed in " + ms + " ms)"
                        + (w.problems().isEmpty() ? "" : "; not analysed: " + String.join("; ", w.problems())));
            }
            return w != null;
        } catch (IOException | RuntimeException e) {
            err.println("qmpi4j: wait states not analysed: " + e.getMessage());
            return false;
        }
    }

    private static long bytes(String option, String value) throws UserError {
        String t = value.trim().toLowerCase(java.util.Locale.ROOT);
        long unit = 1;
        if (t.endsWith("k") || t.endsWith("m") || t.endsWith("g")) {
            unit = t.endsWith("k") ? 1L << 10 : t.endsWith("m") ? 1L << 20 : 1L << 30;
            t = t.substring(0, t.length() - 1);
        }
        try {
            return Math.multiplyExact(Long.parseLong(t.trim()), unit);
        } catch (RuntimeException e) {
            throw new UserError(option + " " + value + ": expected a size like 64m or 2g");
        }
    }
}
