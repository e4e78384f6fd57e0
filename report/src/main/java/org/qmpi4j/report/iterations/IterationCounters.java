package org.qmpi4j.report.iterations;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.report.trace.ChromeTraceCounters;
import org.qmpi4j.report.trace.PerfettoTraceWriter;

/**
 * An "Iteration" counter per rank in a trace of the same job, the same points in both formats
 * (a counter track in {@code trace.pftrace}, counter events in {@code trace.json}): the number of
 * the iteration the rank is in, stepping at each iteration's start, 0 from the end of its last
 * iteration. Appended to the trace already written, like the wait marks, as the iterations are
 * found after the trace is. Keeps at most {@link #MOST} points in all: a longer job gets every
 * {@code k}-th iteration's start (the counter then steps by {@code k}), so that memory stays
 * bounded whatever the ranks and iterations.
 */
public final class IterationCounters implements IterationStarts {
    /** The counter's name. */
    public static final String NAME = "Iteration";

    /** Points kept at most, over all ranks (8 bytes each). */
    public static final int MOST = 1_000_000;

    private final int most;
    private long stride = 1;
    private long count;
    private final Map<Integer, long[]> times = new TreeMap<>();
    private final Map<Integer, Long> ends = new TreeMap<>();

    public IterationCounters() {
        this(MOST);
    }

    /** Keeps at most {@code most} points. */
    public IterationCounters(int most) {
        this.most = Math.max(1, most);
    }

    @Override
    public void begin(int ranks, long count) {
        this.count = count;
        long points = Math.max(1, (long) ranks * count);
        stride = (points + most - 1) / most;
    }

    @Override
    public void start(int rank, long iteration, long time) {
        if ((iteration - 1) % stride != 0) {
            return;
        }
        long[] t = times.get(rank);
        if (t == null) {
            t = new long[Math.toIntExact((count + stride - 1) / stride)];
            Arrays.fill(t, Long.MIN_VALUE);
            times.put(rank, t);
        }
        t[Math.toIntExact((iteration - 1) / stride)] = time;
    }

    @Override
    public void end(int rank, long time) {
        ends.put(rank, time);
    }

    /** Every how many iterations a point is kept (1: every iteration). */
    public long stride() {
        return stride;
    }

    /**
     * Appends the counters to the Perfetto trace {@code pftrace}: to a copy, renamed over it once
     * complete, so that no reader ever sees part of them; on a failure the trace stays as it was.
     */
    public void appendTo(Path pftrace) throws IOException {
        if (times.isEmpty()) {
            return;
        }
        Path tmp = AtomicFiles.temporaryFor(pftrace);
        try {
            Files.copy(pftrace, tmp);
            try (OutputStream out = new BufferedOutputStream(
                    Files.newOutputStream(tmp, StandardOpenOption.WRITE, StandardOpenOption.APPEND), 1 << 16)) {
                PerfettoTraceWriter w = new PerfettoTraceWriter(out);
                write(w);
                w.close();
            }
            AtomicFiles.moveIntoPlace(tmp, pftrace);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Adds the counters to the Chrome trace {@code json} (as {@code trace.json}): to a copy, renamed
     * over it once complete, so that no reader ever sees part of them; on a failure the trace stays
     * as it was.
     */
    public void appendToJson(Path json) throws IOException {
        if (times.isEmpty()) {
            return;
        }
        ChromeTraceCounters.insert(json, out -> points((rank, time, value) -> out.value(rank, NAME, time, value)));
    }

    /** Writes the counters with {@code w}, whose trace has already described every rank's process track. */
    public void write(PerfettoTraceWriter w) throws IOException {
        points(w::iteration);
    }

    /** Told each point, rank after rank, in time order within a rank. */
    private interface Points {
        void point(int rank, long time, long value) throws IOException;
    }

    /** Each rank's points: the value from each iteration's start kept, then 0 from its end. */
    private void points(Points out) throws IOException {
        for (Map.Entry<Integer, long[]> e : times.entrySet()) {
            int rank = e.getKey();
            long[] t = e.getValue();
            for (int i = 0; i < t.length; i++) {
                if (t[i] != Long.MIN_VALUE) {
                    out.point(rank, t[i], 1 + i * stride);
                }
            }
            Long end = ends.get(rank);
            if (end != null) {
                out.point(rank, end, 0);
            }
        }
    }
}
