package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.qmpi4j.formats.trace.TraceFormat.NONE;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.formats.waits.DelayCauses;
import org.qmpi4j.formats.waits.WaitReport;
import org.qmpi4j.report.waits.WaitAnalysis;

/** The JVM's records in shards reach the wait analysis: the late rank's collection is its delay's cause. */
class TraceWaitsJvmTest {
    /** The completed requests of a call that completed none. */
    private static final long[] NO_REQS = {};

    private static final long MS = 1_000_000;

    @TempDir
    Path dir;

    @Test
    void aCollectionRecordedBeforeTheLateBarrierIsItsDelaysCause() throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        for (int r = 0; r < 2; r++) {
            try (TraceFileWriter w =
                    new TraceFileWriter(ResultFiles.rankTrace(dir, r), r, 2, "openmpi", Long.MAX_VALUE, 4096)) {
                w.defineFunction(0, "MPI_INIT");
                w.defineFunction(1, "MPI_BARRIER");
                w.defineThread(1, "main");
                w.defineCommunicator(0, TraceFormat.WORLD_KEY, "0..1", null);
                w.clock(0, 0, 0);
                w.zero(0);
                w.event(
                        0, 1, 0, MS, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE,
                        NO_REQS, 0, null);
                // Rank 1 reaches the barrier at 100 ms, 60 ms of the 99 before it two collections.
                long[] jvm = r == 1 ? new long[] {60 * MS, 2, 0, 0, 0, 0, 0, 0, 0, 0} : null;
                long enter = (r == 1 ? 100 : 10) * MS;
                w.event(
                        1,
                        1,
                        enter,
                        101 * MS - enter,
                        NONE,
                        NONE,
                        NONE,
                        NONE,
                        NONE,
                        NONE,
                        NONE,
                        NONE,
                        0,
                        NONE,
                        0,
                        NONE,
                        NONE,
                        NONE,
                        NO_REQS,
                        0,
                        jvm);
                w.clock(200 * MS, 0, 0);
                w.end();
            }
        }
        WaitReport r = Objects.requireNonNull(TraceWaits.analyse(dir, 2, WaitAnalysis.DEFAULT_NOISE_FLOOR_NS));
        assertThat(r.delays()).hasSize(1);
        WaitReport.Delay d = r.delays().get(0);
        assertThat(d.interval().rank()).isEqualTo(1);
        assertThat(d.ns()).isEqualTo(90 * MS);
        DelayCauses c = Objects.requireNonNull(d.causes());
        assertThat(c.ns(DelayCauses.Cause.GC) / (double) MS).isCloseTo(60 * 90 / 99.0, within(0.01));
        assertThat(c.count(DelayCauses.Cause.GC)).isEqualTo(2);
        assertThat(c.totalNs()).isEqualTo(d.ns());
    }
}
