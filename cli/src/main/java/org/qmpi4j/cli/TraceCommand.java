package org.qmpi4j.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.DamagedFileException;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.trace.ShardHeader;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.report.files.RankFiles;
import org.qmpi4j.report.trace.TraceBuilder;
import org.qmpi4j.report.trace.TraceSelection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code qmpi4j trace [--ranks 0-15] [--from 10s] [--to 12s] <dir>}: a trace of chosen ranks and
 * a time window, built from the ranks' shards ({@code ranks/rank-<r>.trace}) with their clocks
 * aligned, in Perfetto's protobuf format (any size) or as Chrome JSON. For jobs whose shards were
 * too large to merge at {@code MPI_Finalize} ({@code trace-index.json} says so), and for looking
 * at part of any job.
 */
@Command(
        name = "trace",
        mixinStandardHelpOptions = true,
        description = "Builds a trace of chosen ranks and a time window from the per-rank trace shards in <dir>/ranks,"
                + " on rank 0's clock (times from the job's start, as in trace-index.json), for Perfetto"
                + " (https://ui.perfetto.dev).")
final class TraceCommand implements Callable<Integer> {
    @Parameters(paramLabel = "<dir>", description = "results directory of a job (or of a spawned world)")
    Path dir;

    @Option(
            names = "--ranks",
            paramLabel = "<list>",
            description = "ranks to include, e.g. 0-15 or 0,4,8-11 (default: all)")
    @Nullable
    String ranks;

    @Option(
            names = "--from",
            paramLabel = "<time>",
            description = "start of the window: 10s, 1.5s, 250ms, 40us (default: the job's start)")
    @Nullable
    String from;

    @Option(names = "--to", paramLabel = "<time>", description = "end of the window (default: the job's end)")
    @Nullable
    String to;

    @Option(
            names = "--format",
            paramLabel = "<format>",
            description = "perfetto (protobuf, any size; default) or json (Chrome Trace Event, small selections)")
    String format = "perfetto";

    @Option(
            names = {"-o", "--output"},
            paramLabel = "<file>",
            description = "where to write (default: <dir>/trace-<ranks>-<from>-<to>.pftrace, or .json)")
    @Nullable
    Path output;

    @Option(
            names = "--no-causality-correction",
            description = "leave the times as the clocks were aligned: no per-rank shift that makes every message"
                    + " arrow point forwards (to see what the correction moved)")
    boolean noCausality;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path d = ResultsDir.require(dir);
        PrintWriter err = spec.commandLine().getErr();
        List<Integer> shards = RankFiles.traceRanks(d);
        if (shards.isEmpty()) {
            throw new UserError(ResultFiles.ranksDir(d) + ": no trace shards (rank-<r>.trace); was the tracer on?");
        }
        TraceBuilder.Format f;
        try {
            f = TraceBuilder.Format.valueOf(format.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UserError("--format " + format + ": expected perfetto or json");
        }
        ShardHeader header = headers(d, shards);
        int size = header.size;
        TraceSelection selection = selection(ranks, from, to, size);
        Path target = output != null
                ? output
                : d.resolve("trace-" + (ranks == null ? "all" : ranks.replace(',', '_'))
                        + (from == null ? "" : "-from-" + from.trim())
                        + (to == null ? "" : "-to-" + to.trim())
                        + (f == TraceBuilder.Format.PERFETTO ? ".pftrace" : ".json"));
        TraceResult r;
        try {
            r = TraceBuilder.build(d, size, header.binding, selection, f, target, !noCausality);
        } catch (IOException e) {
            throw UserError.reading(d, ResultFiles.ranksDir(d), e);
        }
        r.problems().forEach(p -> err.println("qmpi4j: trace " + p));
        long calls = r.calls().values().stream().mapToLong(Long::longValue).sum();
        err.println("qmpi4j: trace of " + r.calls().size() + " rank(s)"
                + (f == TraceBuilder.Format.PERFETTO ? ", " + calls + " calls in the window" : "")
                + (r.missingRanks().isEmpty() ? "" : "; no shard for rank(s) " + r.missingRanks())
                + ": " + target
                + (f == TraceBuilder.Format.PERFETTO ? " (open it in https://ui.perfetto.dev)" : ""));
        err.flush();
        return 0;
    }

    /** The ranks and time window of {@code --ranks}, {@code --from} and {@code --to}, checked against the job's size. */
    static TraceSelection selection(@Nullable String ranks, @Nullable String from, @Nullable String to, int size)
            throws UserError {
        BitSet wanted;
        long fromNs;
        long toNs;
        try {
            wanted = ranks == null ? null : TraceSelection.parseRanks(ranks);
            fromNs = from == null ? Long.MIN_VALUE : TraceSelection.parseTime(from);
            toNs = to == null ? Long.MAX_VALUE : TraceSelection.parseTime(to);
        } catch (IllegalArgumentException e) {
            throw UserError.of(e);
        }
        if (fromNs > toNs) {
            throw new UserError("--from " + from + " is after --to " + to);
        }
        if (wanted != null && wanted.length() > size) {
            throw new UserError("--ranks " + ranks + ": the job has ranks 0-" + (size - 1));
        }
        return new TraceSelection(wanted, fromNs, toNs);
    }

    /**
     * The header of the first of {@code ranks}' shards in {@code dir}, once every one of them is
     * checked and names the same job: a damaged shard is one line before anything is written.
     */
    static ShardHeader headers(Path dir, List<Integer> ranks) throws UserError {
        ShardHeader first = header(dir, ranks.get(0));
        for (int r : ranks.subList(1, ranks.size())) {
            ShardHeader h = header(dir, r);
            if (h.size != first.size || !h.binding.equals(first.binding)) {
                throw new UserError(ResultFiles.rankTrace(dir, r) + " is corrupt: line 1: a job of " + h.size
                        + " ranks on " + DamagedFileException.oneLine(h.binding) + ", not " + first.size + " on "
                        + first.binding + " as "
                        + ResultFiles.rankTrace(dir, ranks.get(0)).getFileName() + " says");
            }
        }
        return first;
    }

    /** The checked header of rank {@code rank}'s shard in {@code dir}. */
    static ShardHeader header(Path dir, int rank) throws UserError {
        Path trace = ResultFiles.rankTrace(dir, rank);
        try {
            return ShardHeader.read(trace, rank);
        } catch (IOException e) {
            throw UserError.reading(dir, trace, e);
        }
    }
}
