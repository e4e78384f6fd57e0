package org.qmpi4j.report.trace;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceResult;

/**
 * Builds a trace of chosen ranks and a time window from a job's shards ({@code ranks/rank-<r>.trace})
 * on the job's common clock, streaming: memory does not grow with the shards. The clock alignments
 * and the {@link CausalityCorrection} (solved from the messages among the chosen ranks, so a part of
 * a job may be corrected a little differently from the whole) are the {@link Timeline}'s, so the
 * trace shows every call where the timeline puts it; each shard is read three times: for its clock
 * alignment (the {@code MPI_Finalize} measurement is its last line), for the message endpoints,
 * and for its calls.
 */
public final class TraceBuilder {
    /** The output format. */
    public enum Format {
        /** Perfetto's protobuf trace ({@code perfetto.protos.Trace}): any size. */
        PERFETTO,
        /** Chrome Trace Event JSON (as trace.json): small selections. */
        JSON
    }

    private TraceBuilder() {}

    /**
     * Writes the part {@code selection} of the trace in {@code dir} to {@code target} (atomically).
     *
     * @param ranks the job's number of ranks
     */
    public static TraceResult build(
            Path dir, int ranks, String binding, TraceSelection selection, Format format, Path target)
            throws IOException {
        return build(dir, ranks, binding, selection, format, target, true);
    }

    /**
     * As {@link #build(Path, int, String, TraceSelection, Format, Path)}; {@code causality}:
     * whether to apply the {@link CausalityCorrection} (without it, times are as the clocks were
     * aligned, and arrows may point backwards within the error bounds).
     */
    public static TraceResult build(
            Path dir,
            int ranks,
            String binding,
            TraceSelection selection,
            Format format,
            Path target,
            boolean causality)
            throws IOException {
        // Each shard's clock alignment (its last line), then the causality correction from the
        // messages among the chosen ranks (one pass over their shards), then the calls.
        Timeline timeline = Timeline.open(dir, ranks, selection, causality);
        List<Integer> present = timeline.ranks();
        List<Integer> missing = new ArrayList<>(timeline.missingRanks());
        CausalityCorrection correction = timeline.correction();
        Map<Integer, Long> calls = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        if (format == Format.JSON) {
            AtomicFiles.write(target, (Writer out) -> {
                ChromeTraceAssembler a = new ChromeTraceAssembler(out, ranks, binding);
                a.select(selection);
                a.correction(correction);
                for (int r : present) {
                    ShardSummary s = timeline.summary(r);
                    a.clock(r, s.clock(), s.zero());
                    feedShard(dir, r, a);
                }
                TraceResult sum = a.finish();
                problems.addAll(sum.problems());
            });
            present.forEach(r -> calls.put(r, -1L));
            return new TraceResult(calls, List.of(), missing, problems);
        }
        Path tmp = AtomicFiles.temporaryFor(target);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
            PerfettoTraceAssembler a = new PerfettoTraceAssembler(out, ranks);
            a.select(selection);
            a.correction(correction);
            List<ShardSummary> summaries = new ArrayList<>();
            for (int r : present) {
                summaries.add(timeline.summary(r));
            }
            a.hosts(summaries);
            for (int r : present) {
                a.rank(timeline.summary(r));
                feedShard(dir, r, a);
            }
            TraceResult sum = a.finish();
            problems.addAll(sum.problems());
            calls.putAll(sum.calls());
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        AtomicFiles.moveIntoPlace(tmp, target);
        return new TraceResult(calls, List.of(), missing, problems);
    }

    /** Rank {@code rank}'s shard in {@code dir}, whole, to {@code assembler}. */
    private static void feedShard(Path dir, int rank, ShardAssembler assembler) throws IOException {
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(ResultFiles.rankTrace(dir, rank))) {
            int n;
            while ((n = in.read(buf)) > 0) {
                assembler.feed(rank, buf, 0, n);
            }
        }
        assembler.endRank(rank);
    }
}
