package org.qmpi4j.tools.check;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import org.qmpi4j.api.Nullable;

/**
 * A checksum of the part of a message buffer a send reads: the first {@code bytes} bytes of a
 * {@code java.nio} buffer (the bindings send from its start), or the elements of an array from an
 * offset. Computed when a nonblocking send starts and again when it completes; a difference means
 * the application wrote into the buffer while MPI could still be reading it. It reads every byte
 * twice, so its cost grows with the message (see BENCHMARKS.md).
 */
final class BufferChecksum {
    /** No checksum could be taken (a buffer of a kind not known here). */
    static final long NONE = Long.MIN_VALUE;

    private BufferChecksum() {}

    /** The checksum of {@code bytes} bytes of {@code buffer} from element {@code offset} (arrays only). */
    static long of(@Nullable Object buffer, int offset, long bytes) {
        if (buffer == null || bytes <= 0) {
            return NONE;
        }
        long h = 1125899906842597L;
        if (buffer instanceof Buffer) {
            return ofBuffer((Buffer) buffer, bytes, h);
        }
        int from = Math.max(offset, 0);
        if (buffer instanceof byte[]) {
            byte[] a = (byte[]) buffer;
            int to = end(a.length, from, bytes, 1);
            for (int i = from; i < to; i++) {
                h = 31 * h + a[i];
            }
        } else if (buffer instanceof int[]) {
            int[] a = (int[]) buffer;
            int to = end(a.length, from, bytes, 4);
            for (int i = from; i < to; i++) {
                h = 31 * h + a[i];
            }
        } else if (buffer instanceof double[]) {
            double[] a = (double[]) buffer;
            int to = end(a.length, from, bytes, 8);
            for (int i = from; i < to; i++) {
                h = 31 * h + Double.doubleToRawLongBits(a[i]);
            }
        } else if (buffer instanceof long[]) {
            long[] a = (long[]) buffer;
            int to = end(a.length, from, bytes, 8);
            for (int i = from; i < to; i++) {
                h = 31 * h + a[i];
            }
        } else if (buffer instanceof float[]) {
            float[] a = (float[]) buffer;
            int to = end(a.length, from, bytes, 4);
            for (int i = from; i < to; i++) {
                h = 31 * h + Float.floatToRawIntBits(a[i]);
            }
        } else if (buffer instanceof short[]) {
            short[] a = (short[]) buffer;
            int to = end(a.length, from, bytes, 2);
            for (int i = from; i < to; i++) {
                h = 31 * h + a[i];
            }
        } else if (buffer instanceof char[]) {
            char[] a = (char[]) buffer;
            int to = end(a.length, from, bytes, 2);
            for (int i = from; i < to; i++) {
                h = 31 * h + a[i];
            }
        } else {
            return NONE; // object arrays (MPJ's MPI.OBJECT) are serialised, not read in place
        }
        return h == NONE ? NONE + 1 : h;
    }

    private static int end(int length, int from, long bytes, int size) {
        return (int) Math.min(length, from + bytes / size);
    }

    private static long ofBuffer(Buffer buffer, long bytes, long h) {
        if (buffer instanceof ByteBuffer) {
            ByteBuffer b = (ByteBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes);
            for (int i = 0; i < n; i++) {
                h = 31 * h + b.get(i);
            }
        } else if (buffer instanceof IntBuffer) {
            IntBuffer b = (IntBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 4);
            for (int i = 0; i < n; i++) {
                h = 31 * h + b.get(i);
            }
        } else if (buffer instanceof DoubleBuffer) {
            DoubleBuffer b = (DoubleBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 8);
            for (int i = 0; i < n; i++) {
                h = 31 * h + Double.doubleToRawLongBits(b.get(i));
            }
        } else if (buffer instanceof LongBuffer) {
            LongBuffer b = (LongBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 8);
            for (int i = 0; i < n; i++) {
                h = 31 * h + b.get(i);
            }
        } else if (buffer instanceof FloatBuffer) {
            FloatBuffer b = (FloatBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 4);
            for (int i = 0; i < n; i++) {
                h = 31 * h + Float.floatToRawIntBits(b.get(i));
            }
        } else if (buffer instanceof ShortBuffer) {
            ShortBuffer b = (ShortBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 2);
            for (int i = 0; i < n; i++) {
                h = 31 * h + b.get(i);
            }
        } else if (buffer instanceof CharBuffer) {
            CharBuffer b = (CharBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 2);
            for (int i = 0; i < n; i++) {
                h = 31 * h + b.get(i);
            }
        } else {
            return NONE;
        }
        return h == NONE ? NONE + 1 : h;
    }
}
