package org.qmpi4j.report.trace;

import java.io.IOException;
import org.qmpi4j.formats.trace.ShardEvent;

/**
 * A rank's JVM slices ({@link JvmSlices}) written on its "JVM" track of a Perfetto trace, with
 * text arguments {@code ns}, {@code collections} (for {@code JVM: gc}), {@code where} and
 * {@code placed}.
 */
final class PerfettoJvmSlices implements JvmSlices.Sink {
    private final PerfettoTraceWriter w;
    private final int rank;

    PerfettoJvmSlices(PerfettoTraceWriter w, int rank) {
        this.w = w;
        this.rank = rank;
    }

    /**
     * Writes call {@code e}'s JVM slices: the interval before it from {@code before} (the previous
     * call's exit, {@link Long#MIN_VALUE} for the first call) to {@code start}, the call from
     * {@code start} to {@code end}; all times on the common clock.
     */
    void write(ShardEvent e, long before, long start, long end, TraceSelection sel) throws IOException {
        JvmSlices.of(e, before, start, end, sel, this);
    }

    @Override
    public void jvmSlice(long start, long end, String name, long ns, long collections, String where)
            throws IOException {
        if (collections != JvmSlices.NO_COLLECTIONS) {
            w.jvmSlice(
                    rank,
                    start,
                    end,
                    name,
                    "ns",
                    Long.toString(ns),
                    "collections",
                    Long.toString(collections),
                    "where",
                    where,
                    "placed",
                    JvmSlices.PLACED);
        } else {
            w.jvmSlice(rank, start, end, name, "ns", Long.toString(ns), "where", where, "placed", JvmSlices.PLACED);
        }
    }
}
