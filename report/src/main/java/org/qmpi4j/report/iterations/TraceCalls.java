package org.qmpi4j.report.iterations;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardSite;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.report.trace.Timeline;
import org.qmpi4j.report.trace.TraceSelection;

/**
 * A job's trace shards as a {@link CallSource}: each rank's calls as the {@link Timeline} reads
 * them (a rank at a time, on the job's common clock), each function at each site one
 * {@link Iterations.Boundary} per rank.
 */
public final class TraceCalls implements CallSource {
    private final Timeline timeline;
    private final int[] ranks;

    private TraceCalls(Timeline timeline) {
        this.timeline = timeline;
        List<Integer> r = timeline.ranks();
        ranks = new int[r.size()];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = r.get(i);
        }
    }

    /** The shards in {@code dir} of a job of {@code ranks} ranks. */
    public static TraceCalls open(Path dir, int ranks) throws IOException {
        return new TraceCalls(Timeline.open(dir, ranks, TraceSelection.all()));
    }

    /**
     * The iterations in the shards in {@code dir}, by the setting {@code tracer.iteration}
     * ({@code setting}); {@code null} when it is {@code off}. A job with ranks missing from the
     * trace gets none: a count from some ranks could be wrong for the others.
     */
    public static @Nullable Iterations find(Path dir, int ranks, @Nullable String setting) throws IOException {
        return find(dir, ranks, setting, null);
    }

    /**
     * As {@link #find(Path, int, String)}, with the waits the wait-state analysis counted in the
     * same shards ({@code waits}; {@code null} if it did not run).
     */
    public static @Nullable Iterations find(Path dir, int ranks, @Nullable String setting, @Nullable RankWaits waits)
            throws IOException {
        return find(dir, ranks, setting, waits, null);
    }

    /**
     * As {@link #find(Path, int, String, RankWaits)}, telling {@code starts} when each rank started
     * each iteration (for {@link IterationCounters}).
     */
    public static @Nullable Iterations find(
            Path dir, int ranks, @Nullable String setting, @Nullable RankWaits waits, @Nullable IterationStarts starts)
            throws IOException {
        if (BoundarySetting.isOff(setting)) {
            return null;
        }
        TraceCalls calls = open(dir, ranks);
        if (calls.ranks.length == 0) {
            return null;
        }
        if (!calls.timeline.missingRanks().isEmpty()) {
            return Iterations.none("ranks " + calls.timeline.missingRanks() + " left no trace");
        }
        return IterationFinder.find(calls, setting, waits, starts);
    }

    @Override
    public int[] ranks() {
        return ranks.clone();
    }

    @Override
    public void read(int rank, Sink sink) throws IOException {
        Map<ShardSite, Map<String, Iterations.Boundary>> bySite = new IdentityHashMap<>();
        Map<String, Iterations.Boundary> noSite = new HashMap<>();
        long[] jvm = new long[TraceFormat.JVM_FIELDS];
        timeline.read(rank, new Timeline.Visitor() {
            @Override
            public void call(int r, ShardEvent e, long start, long end) {
                ShardSite s = e.site();
                Map<String, Iterations.Boundary> byFunction =
                        s == null ? noSite : bySite.computeIfAbsent(s, k -> new HashMap<>());
                Iterations.Boundary b = byFunction.get(e.function());
                if (b == null) {
                    b = s == null
                            ? new Iterations.Boundary(e.function(), null, null, null, -1)
                            : new Iterations.Boundary(e.function(), s.className(), s.method(), s.file(), s.line());
                    byFunction.put(e.function(), b);
                }
                long level = e.pcontrolLevel() == TraceFormat.NONE ? NO_LEVEL : e.pcontrolLevel();
                if (e.hasJvm()) {
                    for (int i = 0; i < jvm.length; i++) {
                        jvm[i] = e.jvm(i);
                    }
                    sink.call(b, start, end, jvm, level);
                } else {
                    sink.call(b, start, end, null, level);
                }
            }
        });
    }
}
