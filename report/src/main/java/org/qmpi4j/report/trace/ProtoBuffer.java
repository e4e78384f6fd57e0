package org.qmpi4j.report.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The few pieces of the protocol buffers wire format a trace needs: varint and fixed64 fields,
 * strings, and embedded messages (built in a buffer of their own, then copied with their length).
 * Reusable: {@link #clear()} keeps the array.
 */
final class ProtoBuffer {
    private static final int VARINT = 0;
    private static final int FIXED64 = 1;
    private static final int LENGTH_DELIMITED = 2;

    private byte[] buf = new byte[256];
    private int pos;

    ProtoBuffer clear() {
        pos = 0;
        return this;
    }

    int size() {
        return pos;
    }

    /** An {@code int32}/{@code int64}/{@code uint32}/{@code uint64}/{@code bool}/enum field. */
    ProtoBuffer varint(int field, long value) {
        tag(field, VARINT);
        rawVarint(value);
        return this;
    }

    /** A {@code fixed64} field. */
    ProtoBuffer fixed64(int field, long value) {
        tag(field, FIXED64);
        ensure(8);
        for (int i = 0; i < 8; i++) {
            buf[pos++] = (byte) (value >>> (8 * i));
        }
        return this;
    }

    ProtoBuffer string(int field, String value) {
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        tag(field, LENGTH_DELIMITED);
        rawVarint(b.length);
        ensure(b.length);
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
        return this;
    }

    /** An embedded message field whose content is {@code message}. */
    ProtoBuffer message(int field, ProtoBuffer message) {
        tag(field, LENGTH_DELIMITED);
        rawVarint(message.pos);
        ensure(message.pos);
        System.arraycopy(message.buf, 0, buf, pos, message.pos);
        pos += message.pos;
        return this;
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, pos);
    }

    private void tag(int field, int wireType) {
        rawVarint(((long) field << 3) | wireType);
    }

    private void rawVarint(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            buf[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
    }

    private void ensure(int n) {
        if (pos + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
        }
    }
}
