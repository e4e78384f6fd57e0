package org.qmpi4j.tools.tracer;

import java.nio.file.Path;
import java.util.List;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceIndex;

/** What the ranks' shards hold together: their bytes, and the time from the first call to the last. */
final class ShardSpan {
    final long bytes;
    final long start;
    final long end;

    private ShardSpan(long bytes, long start, long end) {
        this.bytes = bytes;
        this.start = start;
        this.end = end;
    }

    static ShardSpan of(List<ShardSummary> summaries) {
        long total = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (ShardSummary x : summaries) {
            total += x.bytes();
            if (x.events() > 0) {
                start = Math.min(start, x.start());
                end = Math.max(end, x.end());
            }
        }
        return new ShardSpan(total, start, end);
    }

    /** The {@code qmpi4j trace} command that builds a trace of the whole span from {@code dir}. */
    String command(Path dir, int ranks) {
        return TraceIndex.command(dir, ranks, Math.min(start, end), end);
    }
}
