package org.qmpi4j.tools.tracer;

import java.io.IOException;
import java.nio.file.Path;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.report.iterations.IterationCounters;
import org.qmpi4j.report.iterations.RankWaits;
import org.qmpi4j.report.iterations.TraceCalls;

/**
 * At {@code MPI_Finalize} on rank 0, beside the wait states: the job's main loop found in the
 * shards ({@link TraceCalls}). A failure is reported once and leaves the profile without it; the
 * waits are still added.
 */
final class IterationsAtFinalize {
    private IterationsAtFinalize() {}

    /**
     * {@code waits}: the wait analysis's instances, {@code null} if it did not run;
     * {@code counters}, if not null, is told each rank's iterations (for the trace's counters).
     */
    static @Nullable Iterations find(
            Path dir,
            int ranks,
            @Nullable String setting,
            @Nullable RankWaits waits,
            @Nullable IterationCounters counters,
            RankOutput output) {
        try {
            return TraceCalls.find(dir, ranks, setting, waits, counters);
        } catch (IOException | RuntimeException e) {
            output.fault("finding the iterations (qmpi4j merge can do it from the per-rank files)", e);
            return null;
        }
    }

    /**
     * Adds each rank's iteration counter to the trace in {@code dir}: {@code trace.pftrace} when
     * {@code perfetto}, else {@code trace.json}; a failure leaves it without them.
     */
    static void addCounters(IterationCounters counters, Path dir, boolean perfetto, RankOutput output) {
        String file = perfetto ? ResultFiles.TRACE_PFTRACE : ResultFiles.TRACE_JSON;
        try {
            if (perfetto) {
                counters.appendTo(dir.resolve(file));
            } else {
                counters.appendToJson(dir.resolve(file));
            }
        } catch (IOException | RuntimeException e) {
            output.fault("adding the iterations to " + file, e);
        }
    }
}
