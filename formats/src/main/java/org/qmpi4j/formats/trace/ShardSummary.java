package org.qmpi4j.formats.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the index and the trace builder need to know of one rank's shard without holding it: its
 * size, number of calls, first and last time, clock alignment and the job's zero. The tracer
 * knows these at {@code MPI_Finalize} and sends them to rank 0 as a few numbers
 * ({@link #toLongs()}); offline they come from reading the shard once ({@link #scan}).
 */
public final class ShardSummary {
    /** Numbers in {@link #toLongs()}. */
    public static final int LONGS = 15;

    private final int rank;
    private final long bytes;
    private final long events;
    private final boolean truncated;
    private final long first;
    private final long last;
    private final ClockModel clock;
    private final long zero;
    private String host = "";

    public ShardSummary(
            int rank, long bytes, long events, boolean truncated, long first, long last, ClockModel clock, long zero) {
        this.rank = rank;
        this.bytes = bytes;
        this.events = events;
        this.truncated = truncated;
        this.first = first;
        this.last = last;
        this.clock = clock;
        this.zero = zero;
    }

    /** Reads {@code shard} once (rank {@code rank}'s file). */
    public static ShardSummary scan(Path shard, int rank) throws IOException {
        Span span = new Span();
        ShardParser p = new ShardParser(rank, span);
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(shard)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                p.feed(buf, 0, n);
            }
        }
        p.end();
        if (!p.headerSeen()) {
            throw new org.qmpi4j.formats.files.DamagedFileException(
                    shard, "line 1", "no header line, not a qmpi4j trace");
        }
        boolean none = p.events() == 0;
        Long z = p.zero();
        ShardSummary summary = new ShardSummary(
                rank,
                Files.size(shard),
                p.events(),
                p.truncated(),
                none ? 0 : span.first,
                none ? 0 : span.last,
                p.clock(),
                z == null ? 0 : z);
        summary.host = p.host();
        return summary;
    }

    /**
     * This summary naming {@code host} as the rank's host; the tracer sends the host beside the
     * numbers ({@link #toLongs()} holds none).
     */
    public ShardSummary withHost(String host) {
        ShardSummary s = new ShardSummary(rank, bytes, events, truncated, first, last, clock, zero);
        s.host = host == null ? "" : host;
        return s;
    }

    /** The rank's host; {@code ""} when not known. */
    public String host() {
        return host;
    }

    public long[] toLongs() {
        return new long[] {
            rank,
            bytes,
            events,
            truncated ? 1 : 0,
            first,
            last,
            clock.measurements(),
            clock.firstLocal(),
            clock.firstOffset(),
            clock.firstError(),
            clock.lastLocal(),
            clock.lastOffset(),
            clock.lastError(),
            zero,
            0
        };
    }

    public static ShardSummary fromLongs(long[] v) {
        return new ShardSummary(
                (int) v[0],
                v[1],
                v[2],
                v[3] != 0,
                v[4],
                v[5],
                ClockModel.of((int) v[6], v[7], v[8], v[9], v[10], v[11], v[12]),
                v[13]);
    }

    public int rank() {
        return rank;
    }

    public long bytes() {
        return bytes;
    }

    public long events() {
        return events;
    }

    public boolean truncated() {
        return truncated;
    }

    public ClockModel clock() {
        return clock;
    }

    /** The job's zero on rank 0's clock, as this rank recorded it. */
    public long zero() {
        return zero;
    }

    /** A local time of this rank on the job's common clock, before the causality correction. */
    public long common(long local) {
        return clock.aligned(zero, local);
    }

    /** Start of the first call on this rank's own clock. */
    public long firstLocal() {
        return first;
    }

    /** End of the last call on this rank's own clock. */
    public long lastLocal() {
        return last;
    }

    /** Start of the first call on the common clock (0 without calls). */
    public long start() {
        return events == 0 ? 0 : common(first);
    }

    /** End of the last call on the common clock (0 without calls). */
    public long end() {
        return events == 0 ? 0 : common(last);
    }

    /** The first start and the last end of a shard's calls. */
    private static final class Span implements ShardParser.Listener {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;

        @Override
        public void event(ShardEvent e) {
            first = Math.min(first, e.start());
            last = Math.max(last, e.end());
        }
    }
}
