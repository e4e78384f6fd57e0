package org.qmpi4j.report.trace;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * The messages of a job's shards as {@link CausalityCorrection}'s constraints: each end of a
 * message (a send's start, a receive's end, on the aligned clock) waits here for the other, and
 * each pair keeps the tightest constraint per pair of ranks and pair of segments, collected at
 * {@link CausalityCorrection#FINEST} segments and coarsened on demand.
 */
final class MessageConstraints {
    private static final byte SENT = 1;
    private static final byte RECEIVED = 2;
    private static final long INSET = 2;
    private static final int MAX_RANK = (1 << 23) - 1;

    private final int ranks;
    private final long start;
    private final long span;
    private final LongPairTable pending = new LongPairTable(CausalityCorrection.MAX_UNMATCHED);
    /** (s << 40 | d << 16 | js << 8 | jd, 0) -> the largest S - R + 2 + latency. */
    private final LongPairTable constraints = new LongPairTable(Integer.MAX_VALUE / 4);

    private long messages;
    private long backwardBefore;
    private long notUsed;

    /**
     * @param start the job's first call on the aligned clock (from the zero)
     * @param span the job's length, at least {@link CausalityCorrection#FINEST}
     */
    MessageConstraints(int ranks, long start, long span) {
        this.ranks = ranks;
        this.start = start;
        this.span = span;
    }

    /** A message sent by a call that started at {@code time}. */
    void sent(long from, long to, long tag, long seq, @Nullable String comm, long time) {
        endpoint(from, to, tag, seq, comm, time, SENT);
    }

    /** A message received by a call that ended at {@code time}. */
    void received(long from, long to, long tag, long seq, @Nullable String comm, long time) {
        endpoint(from, to, tag, seq, comm, time, RECEIVED);
    }

    private void endpoint(long from, long to, long tag, long seq, @Nullable String comm, long time, byte side) {
        if (from < 0 || to < 0 || from > MAX_RANK || to > MAX_RANK || from >= ranks || to >= ranks) {
            return;
        }
        long a = (from << 32) | to;
        // Messages on other communicators than COMM_WORLD: the key's hash tells them apart.
        long b = (tag << 32)
                ^ seq
                ^ (comm == null || comm.equals(TraceFormat.WORLD_KEY) ? 0 : TraceFormat.fnv1a64(comm));
        int at = pending.find(a, b);
        if (at >= 0 && pending.tag(at) != side) {
            long other = pending.value(at);
            pending.remove(at);
            long sendAt = side == SENT ? time : other;
            long receiveAt = side == SENT ? other : time;
            pair((int) from, (int) to, sendAt, receiveAt);
        } else if (!pending.put(a, b, time, side)) {
            notUsed++;
        }
    }

    private void pair(int s, int d, long sendAt, long receiveAt) {
        long v = sendAt - receiveAt + INSET + CausalityCorrection.MIN_LATENCY_NS;
        messages++;
        if (v > 0) {
            backwardBefore++;
        }
        int js = CausalityCorrection.segment(sendAt, start, span, CausalityCorrection.FINEST);
        int jd = CausalityCorrection.segment(receiveAt, start, span, CausalityCorrection.FINEST);
        long key = ((long) s << 40) | ((long) d << 16) | ((long) js << 8) | jd;
        int at = constraints.find(key, 0);
        if (at < 0) {
            if (!constraints.put(key, 0, v, (byte) 1)) {
                notUsed++;
            }
        } else if (v > constraints.value(at)) {
            constraints.put(key, 0, v, (byte) 1);
        }
    }

    /** The tightest constraint per pair of ranks and pair of segments, of {@code segments}. */
    LongPairTable at(int segments) {
        if (segments == CausalityCorrection.FINEST) {
            return constraints;
        }
        int per = CausalityCorrection.FINEST / segments;
        LongPairTable coarse = new LongPairTable(Integer.MAX_VALUE / 4);
        for (int i = 0; i < constraints.capacity(); i++) {
            if (!constraints.used(i)) {
                continue;
            }
            long k = constraints.key1(i);
            long js = ((k >>> 8) & 0xFF) / per;
            long jd = (k & 0xFF) / per;
            long key = (k & ~0xFFFFL) | (js << 8) | jd;
            long v = constraints.value(i);
            int at = coarse.find(key, 0);
            if (at < 0 || v > coarse.value(at)) {
                coarse.put(key, 0, v, (byte) 1);
            }
        }
        return coarse;
    }

    long start() {
        return start;
    }

    long span() {
        return span;
    }

    /** Messages paired (both ends seen) and used. */
    long messages() {
        return messages;
    }

    /** Of those, how many pointed backwards before the correction. */
    long backwardBefore() {
        return backwardBefore;
    }

    /** Ends still waiting for their other end. */
    long unmatched() {
        return pending.size();
    }

    /** Ends and constraints dropped because a table was full. */
    long notUsed() {
        return notUsed;
    }
}
