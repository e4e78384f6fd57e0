package org.qmpi4j.formats.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Whether a shard was closed at {@code MPI_Finalize} ({@link TraceFormat}'s end record), read
 * from its tail alone: a shard of any size answers in one small read.
 */
public final class ShardEnd {
    /** Enough for version 4's end line ({@code X <events> <dropped>}) and version 5's end record. */
    private static final int TAIL = 96;

    private ShardEnd() {}

    /** Whether {@code trace} ends with its end record (version 5) or end line (versions up to 4). */
    public static boolean ended(Path trace) throws IOException {
        long size = Files.size(trace);
        int tail = (int) Math.min(size, TAIL);
        byte[] b = new byte[tail];
        try (FileChannel ch = FileChannel.open(trace, StandardOpenOption.READ)) {
            ByteBuffer into = ByteBuffer.wrap(b);
            long at = size - tail;
            while (into.hasRemaining()) {
                int n = ch.read(into, at + into.position());
                if (n < 0) {
                    return false;
                }
            }
        }
        return endRecord(b) || endLine(b);
    }

    private static boolean endRecord(byte[] b) {
        int at = b.length - TraceFormat.END_RECORD_BYTES;
        if (at < 0 || b[at] != TraceFormat.END_RECORD) {
            return false;
        }
        int mark = b.length - TraceFormat.END_MARK.length;
        for (int i = 0; i < TraceFormat.END_MARK.length; i++) {
            if (b[mark + i] != TraceFormat.END_MARK[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean endLine(byte[] b) {
        int tail = b.length;
        if (tail == 0 || b[tail - 1] != '\n') {
            return false;
        }
        String last = new String(b, StandardCharsets.US_ASCII);
        int start = last.lastIndexOf('\n', last.length() - 2) + 1;
        return last.startsWith("X ", start);
    }
}
