package org.qmpi4j.tools.tracer;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Objects;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.report.trace.CausalityCorrection;
import org.qmpi4j.report.trace.ShardAssembler;

/**
 * The job's trace that rank 0 assembles at {@code MPI_Finalize} from the shards as they arrive,
 * in one format: opened with every rank's summary and the causality correction, given each rank's
 * shard in pieces, closed once all have arrived. {@link ShardGather} does the rest alike for every
 * format: the gather, the file written under a temporary name and moved into place.
 */
abstract class GatheredTrace {
    private final String fileName;
    private int ranks;
    /** Both set by {@link #open}; {@code null} before. */
    private @Nullable ShardAssembler assembler;

    private @Nullable OutputStream out;

    /** A trace written to the results file {@code fileName}. */
    GatheredTrace(String fileName) {
        this.fileName = fileName;
    }

    /** The results file it makes ({@code trace.json}, {@code trace.pftrace}). */
    final String fileName() {
        return fileName;
    }

    /** Starts the trace of {@code summaries.size()} ranks in {@code out}. */
    final void open(OutputStream out, List<ShardSummary> summaries, CausalityCorrection correction) throws IOException {
        ranks = summaries.size();
        this.out = out;
        assembler = start(out, summaries, correction);
    }

    /** A piece of rank {@code rank}'s shard, in order. */
    final void add(int rank, byte[] data, int off, int len) throws IOException {
        started().feed(rank, data, off, len);
    }

    /**
     * Every shard has arrived: ends each rank and the trace, and closes the stream; returns what to
     * tell the user once the file is in place.
     */
    final List<String> close() throws IOException {
        ShardAssembler a = started();
        for (int r = 0; r < ranks; r++) {
            a.endRank(r);
        }
        TraceResult result = a.finish(); // the document completed and flushed: the stream can close
        Objects.requireNonNull(out, "opened with the assembler").close();
        return said(ranks, result);
    }

    private ShardAssembler started() {
        return Objects.requireNonNull(assembler, "the trace was not opened");
    }

    /** Starts the trace in {@code out}; returns the format's assembler, which the shards are fed to. */
    abstract ShardAssembler start(OutputStream out, List<ShardSummary> summaries, CausalityCorrection correction)
            throws IOException;

    /** What to tell the user of the trace of {@code ranks} ranks, ended as {@code result} says. */
    abstract List<String> said(int ranks, TraceResult result);
}
