package org.qmpi4j.report.trace;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.report.waits.WaitAnalysis;
import org.qmpi4j.report.waits.WaitEvent;

/**
 * One rank's spilled calls (bytes {@code start} to {@code end} of the spill, {@link SpillWriter}'s
 * records), read back a piece at a time and parsed one call ahead: the analysis holds every rank's
 * source at once, so what each holds is one piece and the call it has read.
 */
final class SpilledEvents implements WaitAnalysis.RankEvents {
    private final FileChannel spill;
    private final int rank;
    private final int piece;
    private final long end;
    private final SpillNames names;
    private static final byte[] NONE = new byte[0];

    /** The read buffer; empty before the first read and after the last. */
    private byte[] buffer = NONE;

    private int from;
    private int to;
    private long position;
    private byte[] text = new byte[64];
    /** The kind of the record after the pending call's completions, read ahead; 0 at the end. */
    private int next = -1;

    /** Reads bytes {@code start} to {@code end} of {@code spill}, shared by every rank's source. */
    SpilledEvents(FileChannel spill, long start, long end, int rank, int piece, SpillNames names) {
        this.spill = spill;
        this.position = start;
        this.end = end;
        this.rank = rank;
        this.piece = piece;
        this.names = names;
    }

    @Override
    public @Nullable WaitEvent next() throws IOException {
        if (next < 0) {
            next = kind();
        }
        if (next == SpillWriter.CALL) {
            WaitEvent e = call();
            next = kind();
            while (next == SpillWriter.COMPLETED_SEND || next == SpillWriter.COMPLETED_RECEIVE) {
                if (next == SpillWriter.COMPLETED_SEND) {
                    e.completesSend(string());
                } else {
                    e.completesReceive(string());
                }
                next = kind();
            }
            return e;
        }
        if (next != 0) {
            throw new IOException("the wait analysis' spill is damaged: record kind " + next + " of rank " + rank);
        }
        buffer = NONE;
        return null;
    }

    /** The kind of the next record, 0 at the end of this rank's part. */
    private int kind() throws IOException {
        if (from == to && !refill()) {
            return 0;
        }
        return readByte();
    }

    private WaitEvent call() throws IOException {
        long enter = readLong();
        long exit = readLong();
        long bound = readLong();
        String function = names.function(readInt());
        WaitEvent e = WaitEvent.call(rank, function, names.site(readInt()), enter, exit)
                .errorBound(bound);
        if (readByte() != 0) {
            String id = string();
            e.sends(id, SpillWriter.completion(readByte()));
        }
        if (readByte() != 0) {
            String id = string();
            e.receives(id, SpillWriter.completion(readByte()));
        }
        if (readByte() != 0) {
            long[] jvm = new long[org.qmpi4j.formats.trace.TraceFormat.JVM_FIELDS];
            for (int i = 0; i < jvm.length; i++) {
                jvm[i] = readLong();
            }
            e.jvm(jvm);
        }
        if (readByte() != 0) {
            String communicator = string();
            int members = readInt();
            long instance = readLong();
            e.collective(communicator, members, instance, readInt());
        }
        return e;
    }

    private String string() throws IOException {
        int n = readInt();
        if (n > text.length) {
            text = new byte[Math.max(n, 2 * text.length)];
        }
        for (int i = 0; i < n; i++) {
            text[i] = (byte) readByte();
        }
        return new String(text, 0, n, StandardCharsets.UTF_8);
    }

    private long readLong() throws IOException {
        return ((long) readInt() << 32) | (readInt() & 0xFFFFFFFFL);
    }

    private int readInt() throws IOException {
        return (readByte() << 24) | (readByte() << 16) | (readByte() << 8) | readByte();
    }

    private int readByte() throws IOException {
        if (from == to && !refill()) {
            throw new EOFException("the wait analysis' spill ends inside a record of rank " + rank);
        }
        return buffer[from++] & 0xFF;
    }

    /** The next piece of this rank's part into the buffer; false at its end. */
    private boolean refill() throws IOException {
        long left = end - position;
        if (left <= 0) {
            return false;
        }
        byte[] b = buffer;
        if (b.length == 0) {
            b = new byte[(int) Math.min(piece, left)];
            buffer = b;
        }
        ByteBuffer into = ByteBuffer.wrap(b, 0, (int) Math.min(b.length, left));
        int n = spill.read(into, position);
        if (n <= 0) {
            return false;
        }
        position += n;
        from = 0;
        to = n;
        return true;
    }
}
