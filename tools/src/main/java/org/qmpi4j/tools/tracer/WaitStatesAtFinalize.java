package org.qmpi4j.tools.tracer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.waits.WaitReport;
import org.qmpi4j.report.files.ProfileOutputs;
import org.qmpi4j.report.iterations.IterationCounters;
import org.qmpi4j.report.iterations.RankWaits;
import org.qmpi4j.report.trace.PerfettoWaitMarks;
import org.qmpi4j.report.trace.TraceWaits;
import org.qmpi4j.report.waits.WaitAnalysis;

/**
 * At {@code MPI_Finalize} on rank 0, after the trace is written: adds why ranks waited to the
 * profile the profiler wrote just before (it runs first when listed first), and renders the reports
 * again. Needs every rank's shard on rank 0's disk (one node, or a shared file system); otherwise
 * {@code qmpi4j merge} of the collected files adds them. Loaded only here, at the end of a traced
 * job.
 */
final class WaitStatesAtFinalize {
    private WaitStatesAtFinalize() {}

    /**
     * {@code perfetto}: whether the trace just written is {@code trace.pftrace}, to mark the waits
     * in (else it is {@code trace.json}, which gets the iteration counters only); {@code iteration}: the setting {@code tracer.iteration} (the job's main loop is found
     * here too, {@link IterationsAtFinalize}).
     */
    static void addToProfile(Path dir, int ranks, RankOutput output, boolean perfetto, @Nullable String iteration) {
        Path json = dir.resolve(ResultFiles.PROFILE_JSON);
        try {
            if (!Files.isRegularFile(json)) {
                return; // no profiler before the tracer: merge adds them
            }
            for (int r = 0; r < ranks; r++) {
                if (!Files.isRegularFile(ResultFiles.rankTrace(dir, r))) {
                    return; // shards on other nodes' disks: merge of the collected files adds them (user guide)
                }
            }
            Profile p = ProfileFormat.read(Files.readString(json, StandardCharsets.UTF_8));
            if (p.ranks() != ranks) {
                return; // another world's profile
            }
            long start = System.nanoTime();
            PerfettoWaitMarks marks = new PerfettoWaitMarks();
            RankWaits waits = new RankWaits(perfetto ? marks : WaitAnalysis.NOBODY);
            WaitReport w = TraceWaits.analyse(dir, ranks, WaitAnalysis.DEFAULT_NOISE_FLOOR_NS, waits);
            long analysed = System.nanoTime();
            IterationCounters counters = new IterationCounters();
            p.withIterations(IterationsAtFinalize.find(
                    dir, ranks, iteration, w == null || !waits.complete() ? null : waits, counters, output));
            if (w != null || p.iterations() != null) {
                ProfileOutputs.writeAll(dir, p.withWaits(w));
                long written = System.nanoTime();
                IterationsAtFinalize.addCounters(counters, dir, perfetto, output);
                if (w != null) {
                    marks.appendTo(dir.resolve(ResultFiles.TRACE_PFTRACE));
                    sayCost(ranks, w, analysed - start, written - analysed, System.nanoTime() - written);
                }
            }
        } catch (IOException | JsonFormatException | RuntimeException e) {
            output.fault("analysing the wait states (qmpi4j merge can do it from the per-rank files)", e);
        }
    }

    /**
     * For measuring what the analysis adds to rank 0's finalize (BENCHMARKS.md): shown with the
     * setting verbose, and only then formatted (the formatter's first use loads locale data).
     */
    private static void sayCost(int ranks, WaitReport w, long analysisNs, long writingNs, long markingNs) {
        if (Log.verbose()) {
            Log.tool("tracer")
                    .info(String.format(
                            Locale.ROOT,
                            "wait states of %d ranks: analysis %.0f ms (%d entries, %d delays), writing the results"
                                    + " again %.0f ms, marking the trace %.0f ms",
                            ranks,
                            analysisNs / 1e6,
                            w.waits().size(),
                            w.delays().size(),
                            writingNs / 1e6,
                            markingNs / 1e6));
        }
    }
}
