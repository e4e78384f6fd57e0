package org.qmpi4j.tools.profiler;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.qmpi4j.formats.profile.RankProfile;

/**
 * Point-to-point messages and bytes this rank sent, per {@code COMM_WORLD} rank: a row of the
 * matrix. Like {@link Accumulator}, the first thread to send owns one row and adds to it without a
 * lock (each message's bytes published before its count, by a release fence); other threads add to a second row
 * under a lock; a copy reads both.
 */
final class SentTable extends FirstWriterOwned {
    private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] messages;
    private final long[] bytes;
    /** Other threads' messages and bytes; guarded by {@code this}. */
    private final long[] otherMessages;

    private final long[] otherBytes;

    /** Messages and bytes to other worlds, by (communicator name, peer); guarded by {@code this}. Rare. */
    private final java.util.Map<String, long[]> otherWorlds = new java.util.TreeMap<>();

    SentTable(int worldSize) {
        messages = new long[worldSize];
        bytes = new long[worldSize];
        otherMessages = new long[worldSize];
        otherBytes = new long[worldSize];
    }

    /** One message to world rank {@code dest}; ignored for {@code dest < 0} (no peer, PROC_NULL). */
    void add(int dest, long messageBytes) {
        if (dest < 0 || dest >= messages.length) {
            return;
        }
        if (callerOwns()) {
            bytes[dest] += messageBytes;
            VarHandle.releaseFence(); // the bytes before the count: see Accumulator.Cells.add
            messages[dest]++;
        } else {
            addShared(dest, messageBytes);
        }
    }

    private synchronized void addShared(int dest, long messageBytes) {
        otherMessages[dest]++;
        otherBytes[dest] += messageBytes;
    }

    /** One message to rank {@code peer} of {@code via}, a communicator into another world. */
    synchronized void addOtherWorld(String via, int peer, long messageBytes) {
        String key = via + "\u0000" + peer;
        long[] cell = otherWorlds.get(key);
        if (cell == null) { // not computeIfAbsent: no lambda to link on a rare path
            cell = new long[2];
            otherWorlds.put(key, cell);
        }
        cell[0]++;
        cell[1] += messageBytes;
    }

    synchronized void copyInto(RankProfile.Builder b) {
        for (java.util.Map.Entry<String, long[]> e : otherWorlds.entrySet()) { // a loop: no lambda at each rank file
            String key = e.getKey();
            long[] cell = e.getValue();
            int at = key.indexOf('\u0000');
            b.sentToOtherWorld(key.substring(0, at), Integer.parseInt(key.substring(at + 1)), cell[0], cell[1]);
        }
        for (int d = 0; d < messages.length; d++) {
            long m = (long) COUNT.getAcquire(messages, d);
            long n = m + otherMessages[d];
            if (n != 0) {
                b.sent(d, n, bytes[d] + otherBytes[d]);
            }
        }
    }
}
