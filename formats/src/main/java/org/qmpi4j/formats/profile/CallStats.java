package org.qmpi4j.formats.profile;

import java.util.Arrays;
import org.qmpi4j.api.Nullable;

/**
 * What was measured for a group of MPI calls (one function, or one call site, on one rank or
 * merged over ranks): how many, their total, smallest and largest time, the bytes they moved and,
 * for functions that move data, a histogram of message sizes. Times are nanoseconds.
 *
 * <p>Mutable, not thread safe: the tools keep their own thread-safe accumulators and take a
 * {@code CallStats} as a snapshot of them.
 */
public final class CallStats {
    private long calls;
    private long timeNs;
    private long minNs = Long.MAX_VALUE;
    private long maxNs;
    private long bytes;
    private @Nullable long[] histogram; // null: not recorded for this function

    public CallStats() {}

    /** A snapshot with the given values; {@code histogram} is copied (may be {@code null}). */
    public CallStats(long calls, long timeNs, long minNs, long maxNs, long bytes, @Nullable long[] histogram) {
        this.calls = calls;
        this.timeNs = timeNs;
        this.minNs = calls == 0 ? Long.MAX_VALUE : minNs;
        this.maxNs = maxNs;
        this.bytes = bytes;
        this.histogram = histogram == null ? null : Arrays.copyOf(histogram, SizeHistogram.BUCKETS);
    }

    public long calls() {
        return calls;
    }

    public long timeNs() {
        return timeNs;
    }
    /** Shortest call; {@code 0} when there were no calls. */
    public long minNs() {
        return calls == 0 ? 0 : minNs;
    }

    public long maxNs() {
        return maxNs;
    }

    public long bytes() {
        return bytes;
    }

    public double meanNs() {
        return calls == 0 ? 0 : (double) timeNs / calls;
    }

    /** Message-size histogram (see {@link SizeHistogram}), or {@code null} when none was kept. */
    public @Nullable long[] histogram() {

        return histogram == null ? null : histogram.clone();
    }

    public boolean hasHistogram() {
        return histogram != null;
    }

    /** Adds one call (for tests and for building stats by hand). */
    public CallStats add(long durationNs, long messageBytes, boolean keepHistogram) {
        calls++;
        timeNs += durationNs;
        minNs = Math.min(minNs, durationNs);
        maxNs = Math.max(maxNs, durationNs);
        bytes += messageBytes;
        if (keepHistogram) {
            if (histogram == null) {
                histogram = new long[SizeHistogram.BUCKETS];
            }
            histogram[SizeHistogram.bucketOf(messageBytes)]++;
        }
        return this;
    }

    /** Adds everything in {@code other} to this. */
    public CallStats merge(CallStats other) {
        calls += other.calls;
        timeNs += other.timeNs;
        if (other.calls > 0) {
            minNs = Math.min(minNs, other.minNs);
        }
        maxNs = Math.max(maxNs, other.maxNs);
        bytes += other.bytes;
        if (other.histogram != null) {
            if (histogram == null) {
                histogram = new long[SizeHistogram.BUCKETS];
            }
            for (int i = 0; i < SizeHistogram.BUCKETS; i++) {
                histogram[i] += other.histogram[i];
            }
        }
        return this;
    }

    public CallStats copy() {
        return new CallStats().merge(this);
    }

    @Override
    public String toString() {
        return calls + " calls, " + timeNs + " ns, " + bytes + " B";
    }
}
