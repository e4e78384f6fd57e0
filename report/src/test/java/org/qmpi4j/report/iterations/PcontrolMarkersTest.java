package org.qmpi4j.report.iterations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;
import static org.qmpi4j.formats.trace.TraceFormat.NONE;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.SampleProfiles;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.report.render.ReportHtml;
import org.qmpi4j.report.render.TextReport;

/**
 * Iterations marked by the program's {@code MPI_Pcontrol} calls, read from shard files written by
 * construction: 3 ranks, set-up, then 6 iterations of 10 ms (rank 1's fourth 60 ms), each
 * {@code MPI_PCONTROL(1)} at line 10 (the marker, 10 us), {@code 1 + i % 2} exchanges of 1 ms at
 * line 12, and in every second iteration an allreduce of 0.5 ms at line 14; after the loop a
 * barrier of 1 ms at line 30 (8 ms after the last marker) and {@code MPI_FINALIZE} 20 ms after the
 * last marker. The search alone takes the allreduce (3 iterations); the marker gives 6.
 */
class PcontrolMarkersTest {
    /** The completed requests of a call that completed none. */
    private static final long[] NO_REQS = {};

    private static final int PCONTROL = 0;
    private static final int SENDRECV = 1;
    private static final int ALLREDUCE = 2;
    private static final int BARRIER = 3;
    private static final int FINALIZE = 4;
    private static final int RANKS = 3;
    private static final int N = 6;
    private static final long MS = 1_000_000;
    private static final long MARK_NS = 10_000;

    @TempDir
    Path dir;

    /** What the shards hold besides the marker at line 10 with level 1. */
    private static final class Shape {
        /** The marker's level (0: not a marker). */
        long markerLevel = 1;
        /** A second MPI_PCONTROL site, line 16, in every iteration with this level; NONE: none. */
        long secondLevel = NONE;
        /** A rank that skips the marker in the last iteration; -1: none. */
        int skipsLastMarker = -1;
    }

    /** The marker's entry on rank {@code r} in iteration {@code i} (from 1). */
    private static long markerAt(int r, int i) {
        long t = 5 * MS;
        for (int k = 1; k < i; k++) {
            t += length(r, k);
        }
        return t;
    }

    private static long length(int r, int i) {
        return r == 1 && i == 4 ? 60 * MS : 10 * MS;
    }

    /** Rank {@code r}'s time in MPI in iteration {@code i}, ns (the marker, the exchanges, the allreduce, the barrier). */
    private static long mpi(Shape s, int i) {
        long m = MARK_NS + (1 + i % 2) * MS + (i % 2 == 0 ? MS / 2 : 0) + (i == N ? MS : 0);
        return m + (s.secondLevel != NONE ? MARK_NS : 0);
    }

    /** Rank {@code r}'s wall time in iteration {@code i}, ns: to the next marker, the last to the barrier's exit. */
    private static long wall(int r, int i) {
        return i == N ? 9 * MS : length(r, i);
    }

    private void shards(Shape s) throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        for (int r = 0; r < RANKS; r++) {
            try (TraceFileWriter w =
                    new TraceFileWriter(ResultFiles.rankTrace(dir, r), r, RANKS, "openmpi", Long.MAX_VALUE, 4096)) {
                w.defineFunction(PCONTROL, "MPI_PCONTROL");
                w.defineFunction(SENDRECV, "MPI_SENDRECV");
                w.defineFunction(ALLREDUCE, "MPI_ALLREDUCE");
                w.defineFunction(BARRIER, "MPI_BARRIER");
                w.defineFunction(FINALIZE, "MPI_FINALIZE");
                w.defineThread(1, "main");
                w.defineSite(0, "org.example.Solver", "main", "Solver.java", 10);
                w.defineSite(1, "org.example.Solver", "main", "Solver.java", 12);
                w.defineSite(2, "org.example.Solver", "main", "Solver.java", 14);
                w.defineSite(3, "org.example.Solver", "main", "Solver.java", 16);
                w.defineSite(4, "org.example.Solver", "main", "Solver.java", 30);
                w.defineSite(5, "org.example.Solver", "main", "Solver.java", 31);
                w.clock(0, 0, 0);
                w.zero(0);
                event(w, BARRIER, MS, MS / 10, 4, NONE); // set-up
                long t = 0;
                for (int i = 1; i <= N; i++) {
                    t = markerAt(r, i);
                    if (!(i == N && r == s.skipsLastMarker)) {
                        event(w, PCONTROL, t, MARK_NS, 0, s.markerLevel);
                    }
                    if (s.secondLevel != NONE) {
                        event(w, PCONTROL, t + MS, MARK_NS, 3, s.secondLevel);
                    }
                    for (int k = 0; k <= i % 2; k++) {
                        event(w, SENDRECV, t + 2 * MS * (k + 1), MS, 1, NONE);
                    }
                    if (i % 2 == 0) {
                        event(w, ALLREDUCE, t + 6 * MS, MS / 2, 2, NONE);
                    }
                }
                event(w, BARRIER, t + 8 * MS, MS, 4, NONE); // tear-down
                event(w, FINALIZE, t + 20 * MS, 0, 5, NONE);
                w.clock(t + 20 * MS, 0, 0);
            }
        }
    }

    private static void event(TraceFileWriter w, int fid, long start, long duration, int site, long level)
            throws Exception {
        w.event(
                fid, 1, start, duration, NONE, NONE, 8, NONE, NONE, NONE, NONE, site, NONE, NONE, NONE, NONE, NONE,
                level, NO_REQS, 0, null);
    }

    private Iterations find(String setting) throws Exception {
        return Objects.requireNonNull(TraceCalls.find(dir, RANKS, setting));
    }

    private static void assertTheSearchsAnswer(Iterations it) {
        assertThat(it.found()).as(it.reason()).isTrue();
        assertThat(it.foundBy()).isEqualTo(Iterations.FoundBy.SEARCH);
        assertThat(it.count()).isEqualTo(3);
        assertThat(Objects.requireNonNull(it.boundary()).function()).isEqualTo("MPI_ALLREDUCE");
    }

    @Test
    void theMarkerGivesItsCountAndEachIterationFromOneMarkerToTheNext() throws Exception {
        Shape s = new Shape();
        shards(s);
        List<long[]> starts = new ArrayList<>();
        long[] ends = new long[RANKS];
        Iterations it = Objects.requireNonNull(TraceCalls.find(dir, RANKS, "auto", null, new IterationStarts() {
            @Override
            public void begin(int ranks, long count) {
                assertThat(count).isEqualTo(N);
            }

            @Override
            public void start(int rank, long iteration, long time) {
                starts.add(new long[] {rank, iteration, time});
            }

            @Override
            public void end(int rank, long time) {
                ends[rank] = time;
            }
        }));
        assertThat(it.found()).as(it.reason()).isTrue();
        assertThat(it.foundBy()).isEqualTo(Iterations.FoundBy.PCONTROL);
        assertThat(it.count()).isEqualTo(N);
        assertThat(it.reason()).startsWith("marked by MPI_Pcontrol");
        Iterations.Boundary b = Objects.requireNonNull(it.boundary());
        assertThat(b.function()).isEqualTo("MPI_PCONTROL");
        assertThat(b.line()).isEqualTo(10);
        assertThat(it.series()).hasSize(N);
        for (int i = 1; i <= N; i++) {
            Iterations.Span e = it.series().get(i - 1);
            long max = 0;
            long sum = 0;
            for (int r = 0; r < RANKS; r++) {
                max = Math.max(max, wall(r, i));
                sum += wall(r, i);
            }
            assertThat(e.first()).isEqualTo(i);
            assertThat(e.wallMax()).as("iteration %d", i).isCloseTo(max / 1e9, offset(1e-12));
            assertThat(e.wallMean()).as("iteration %d", i).isCloseTo(sum / 3e9, offset(1e-12));
            assertThat(e.mpiMean()).as("iteration %d", i).isCloseTo(mpi(s, i) / 1e9, offset(1e-12));
        }
        assertThat(it.series().get(3).wallMax()).isEqualTo(0.060);
        assertThat(it.series().get(3).slowestRank()).isEqualTo(1);
        // Each rank's iterations start at its marker's entries; the last ends at the barrier's exit, not at
        // MPI_Finalize.
        assertThat(starts).hasSize(RANKS * N);
        for (long[] st : starts) {
            assertThat(st[2]).isEqualTo(markerAt((int) st[0], (int) st[1]));
        }
        for (int r = 0; r < RANKS; r++) {
            assertThat(ends[r]).isEqualTo(markerAt(r, N) + 9 * MS);
        }
        assertThat(find("pcontrol").count()).as("the setting pcontrol").isEqualTo(N);
    }

    @Test
    void theReportsSayTheBoundaryIsTheMarker() throws Exception {
        shards(new Shape());
        Iterations it = find("auto");
        var p = ProfileMerger.merge(
                        List.of(SampleProfiles.rank(0, 3), SampleProfiles.rank(1, 3), SampleProfiles.rank(2, 3)))
                .withIterations(it);
        assertThat(TextReport.render(p, TextReport.Detail.CONCISE, "t"))
                .contains("6 iterations, each starting at the MPI_Pcontrol marker MPI_PCONTROL at"
                        + " org.example.Solver.main(Solver.java:10)");
        assertThat(ReportHtml.render(p))
                .contains("6 iterations, each starting at the MPI_Pcontrol marker <code>MPI_PCONTROL at"
                        + " org.example.Solver.main(Solver.java:10)</code>");
        assertThat(TextReport.render(p.withIterations(find("Solver:14")), TextReport.Detail.CONCISE, "t"))
                .contains("3 iterations, each ending at MPI_ALLREDUCE at org.example.Solver.main(Solver.java:14)"
                        + " (named by tracer.iteration)");
    }

    @Test
    void markersCalledUnequallyFallBackToTheSearchSayingWhy() throws Exception {
        Shape s = new Shape();
        s.skipsLastMarker = 2;
        shards(s);
        Iterations it = find("auto");
        assertTheSearchsAnswer(it);
        assertThat(it.reason())
                .startsWith("MPI_Pcontrol markers not used (MPI_Pcontrol at org.example.Solver.main(Solver.java:10)"
                        + " is called 6 times on rank 0 but 5 on rank 2");
        Iterations only = find("pcontrol");
        assertThat(only.found()).isFalse();
        assertThat(only.reason()).contains("is called 6 times on rank 0 but 5 on rank 2");
    }

    @Test
    void twoRepeatingPcontrolSitesFallBackToTheSearch() throws Exception {
        Shape s = new Shape();
        s.secondLevel = 3;
        shards(s);
        Iterations it = find("auto");
        assertTheSearchsAnswer(it);
        assertThat(it.reason())
                .startsWith("MPI_Pcontrol markers not used (several MPI_Pcontrol call sites repeat (")
                .contains("Solver.java:10", "Solver.java:16");
        assertThat(find("pcontrol").found()).isFalse();
    }

    @Test
    void levelZeroCallsAreNotMarkers() throws Exception {
        Shape beside = new Shape();
        beside.secondLevel = 0; // MPI_Pcontrol(0) at line 16 in every iteration: not a second marker
        shards(beside);
        Iterations it = find("auto");
        assertThat(it.foundBy()).as(it.reason()).isEqualTo(Iterations.FoundBy.PCONTROL);
        assertThat(it.count()).isEqualTo(N);
        assertThat(Objects.requireNonNull(it.boundary()).line()).isEqualTo(10);
    }

    @Test
    void aLevelZeroSiteIsNoMarkerSoTheSearchDecidesAndPcontrolFindsNone() throws Exception {
        Shape zero = new Shape();
        zero.markerLevel = 0;
        shards(zero);
        Iterations it = find("auto");
        assertTheSearchsAnswer(it);
        assertThat(it.reason()).doesNotContain("MPI_Pcontrol");
        Iterations only = find("pcontrol");
        assertThat(only.found()).isFalse();
        assertThat(only.boundary()).isNull();
        assertThat(only.reason())
                .isEqualTo("tracer.iteration=pcontrol, but no MPI_Pcontrol call site with a level other than 0 is"
                        + " called at least 3 times");
    }

    @Test
    void aNamedBoundaryComesBeforeTheMarkerAndOffBeforeBoth() throws Exception {
        shards(new Shape());
        Iterations named = find("Solver:14");
        assertThat(named.found()).as(named.reason()).isTrue();
        assertThat(named.foundBy()).isEqualTo(Iterations.FoundBy.NAMED);
        assertThat(named.count()).isEqualTo(3);
        assertThat(Objects.requireNonNull(named.boundary()).function()).isEqualTo("MPI_ALLREDUCE");
        assertThat(TraceCalls.find(dir, RANKS, "off")).isNull();
    }
}
