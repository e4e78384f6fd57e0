package org.qmpi4j.tools.profiler;

import org.qmpi4j.report.profile.CallStats;
import org.qmpi4j.report.profile.SizeHistogram;

/**
 * Running totals for one MPI function or one call site: calls, time, shortest and longest call,
 * bytes and (for functions that move data) message sizes in power-of-two buckets. Created once per
 * function or site, updated in place: recording a call allocates nothing. Updates from several
 * threads are serialised (a lock nobody else holds costs a few nanoseconds).
 */
final class Accumulator {
    private long calls;
    private long timeNs;
    private long minNs = Long.MAX_VALUE;
    private long maxNs;
    private long bytes;
    private final long[] histogram;

    Accumulator(boolean sizes) {
        this.histogram = sizes ? new long[SizeHistogram.BUCKETS] : null;
    }

    synchronized void add(long durationNs, long messageBytes) {
        calls++;
        timeNs += durationNs;
        if (durationNs < minNs) {
            minNs = durationNs;
        }
        if (durationNs > maxNs) {
            maxNs = durationNs;
        }
        bytes += messageBytes;
        if (histogram != null) {
            histogram[SizeHistogram.bucketOf(messageBytes)]++;
        }
    }

    synchronized long calls() {
        return calls;
    }

    synchronized CallStats snapshot() {
        return new CallStats(calls, timeNs, minNs, maxNs, bytes, histogram);
    }
}
