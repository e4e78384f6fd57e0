package org.qmpi4j.api.internal.jvm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.qmpi4j.api.Nullable;

/**
 * A walk over the entries of HotSpot's counters file ({@code /tmp/hsperfdata_<user>/<pid>}, the
 * counters {@code jcmd PerfCounter.print} lists): a prologue, then entries of a name, a type, a
 * vector length and the offset of the data, which the JVM updates in place. The layout is read
 * here only; the readers keep what they want of it (values once, or offsets to read again and
 * again). A cursor rather than a visitor: one class on a rank's start path, not two.
 *
 * <pre>{@code
 * PerfDataEntries e = PerfDataEntries.of(file);
 * while (e != null && e.next()) { if (e.isLong()) ... e.name() ... file.getLong(e.data()) }
 * }</pre>
 */
public final class PerfDataEntries {
    private static final int MAGIC = 0xcafec0c0;

    private final ByteBuffer file;
    private final int entries;
    private int index;
    private int offset;

    private @Nullable String name;
    private byte type;
    private int vector;
    private int data;
    private int end;

    private PerfDataEntries(ByteBuffer file) {
        this.file = file;
        this.offset = file.getInt(24);
        this.entries = file.getInt(28);
    }

    /**
     * The entries of {@code file}, whose byte order this sets from its prologue, or {@code null} if
     * it is not a counters file.
     */
    public static @Nullable PerfDataEntries of(ByteBuffer file) {
        if (file.limit() < 32 || file.getInt(0) != MAGIC) {
            return null;
        }
        file.order(file.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        return new PerfDataEntries(file);
    }

    /**
     * Moves to the next entry that has a name; {@code false} at the end, or at an entry the JVM is
     * still writing.
     */
    public boolean next() {
        while (index < entries && offset + 20 <= file.limit()) {
            index++;
            int length = file.getInt(offset);
            if (length <= 0 || offset + length > file.limit()) {
                return false; // an entry the JVM is still writing
            }
            int at = offset;
            end = at + length;
            offset = end;
            name = cString(file, at + file.getInt(at + 4), end);
            if (name != null) {
                vector = file.getInt(at + 8);
                type = file.get(at + 12);
                data = at + file.getInt(at + 16);
                return true;
            }
        }
        return false;
    }

    /** The current entry's name. */
    public String name() {
        String n = name;
        if (n == null) {
            throw new IllegalStateException("no entry: call next() first");
        }
        return n;
    }

    /** Whether the current entry is a {@code long} counter whose value lies within it, at {@link #data}. */
    public boolean isLong() {
        return type == 'J' && vector == 0 && data + 8 <= end;
    }

    /** Where the current entry's value is in the file. */
    public int data() {
        return data;
    }

    /** The current entry's value if it is a string, else {@code null}. */
    public @Nullable String string() {
        return type == 'B' && vector > 0 ? cString(file, data, Math.min(data + vector, end)) : null;
    }

    private static @Nullable String cString(ByteBuffer b, int from, int limit) {
        if (from < 0 || from >= limit) {
            return null;
        }
        int end = from;
        while (end < limit && b.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - from];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = b.get(from + i);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
