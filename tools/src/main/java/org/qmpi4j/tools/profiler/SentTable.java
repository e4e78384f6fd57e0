package org.qmpi4j.tools.profiler;

import org.qmpi4j.report.profile.RankProfile;

/** Point-to-point messages and bytes this rank sent, per {@code COMM_WORLD} rank: a row of the matrix. */
final class SentTable {
    private final long[] messages;
    private final long[] bytes;

    SentTable(int worldSize) {
        messages = new long[worldSize];
        bytes = new long[worldSize];
    }

    /** One message to world rank {@code dest}; ignored for {@code dest < 0} (no peer, PROC_NULL). */
    synchronized void add(int dest, long messageBytes) {
        if (dest >= 0 && dest < messages.length) {
            messages[dest]++;
            bytes[dest] += messageBytes;
        }
    }

    synchronized void copyInto(RankProfile.Builder b) {
        for (int d = 0; d < messages.length; d++) {
            if (messages[d] != 0) {
                b.sent(d, messages[d], bytes[d]);
            }
        }
    }
}
