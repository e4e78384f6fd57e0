package org.qmpi4j.tools.check;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
 * twice, so its cost grows with the message (see BENCHMARKS.md); four independent lanes, and eight
 * bytes a read where the buffer holds bytes, make it read at close to the memory's speed rather
 * than one multiplication's latency per element. The loop is written once per primitive array
 * type on purpose: Java has no loop generic over primitive arrays, and reading the elements through
 * a boxing or per-element call would allocate or stall the lanes.
 */
final class BufferChecksum {
    /** No checksum could be taken (a buffer of a kind not known here). */
    static final long NONE = Long.MIN_VALUE;

    private BufferChecksum() {}

    /** Each lane's multiplier: odd, so that a change of any one element always changes the checksum. */
    private static final long M = 0x9E3779B97F4A7C15L;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * The checksum of {@code bytes} bytes of {@code buffer} from element {@code offset} (arrays only).
     * Four lanes take every fourth element (8 bytes at a time where the buffer allows), so that
     * the multiplications do not wait on one another; the lanes are combined at the end.
     */
    static long of(@Nullable Object buffer, int offset, long bytes) {
        if (buffer == null || bytes <= 0) {
            return NONE;
        }
        long h;
        if (buffer instanceof Buffer) {
            h = ofBuffer((Buffer) buffer, bytes);
            if (h == NONE) {
                return NONE;
            }
        } else {
            int from = Math.max(offset, 0);
            if (buffer instanceof byte[]) {
                h = ofBytes((byte[]) buffer, from, end(((byte[]) buffer).length, from, bytes, 1));
            } else if (buffer instanceof int[]) {
                int[] a = (int[]) buffer;
                int to = end(a.length, from, bytes, 4);
                long h0 = 1, h1 = 2, h2 = 3, h3 = 4;
                int i = from;
                for (; i + 3 < to; i += 4) {
                    h0 = h0 * M + a[i];
                    h1 = h1 * M + a[i + 1];
                    h2 = h2 * M + a[i + 2];
                    h3 = h3 * M + a[i + 3];
                }
                for (; i < to; i++) {
                    h0 = h0 * M + a[i];
                }
                h = combine(h0, h1, h2, h3);
            } else if (buffer instanceof double[]) {
                double[] a = (double[]) buffer;
                int to = end(a.length, from, bytes, 8);
                long h0 = 1, h1 = 2, h2 = 3, h3 = 4;
                int i = from;
                for (; i + 3 < to; i += 4) {
                    h0 = h0 * M + Double.doubleToRawLongBits(a[i]);
                    h1 = h1 * M + Double.doubleToRawLongBits(a[i + 1]);
                    h2 = h2 * M + Double.doubleToRawLongBits(a[i + 2]);
                    h3 = h3 * M + Double.doubleToRawLongBits(a[i + 3]);
                }
                for (; i < to; i++) {
                    h0 = h0 * M + Double.doubleToRawLongBits(a[i]);
                }
                h = combine(h0, h1, h2, h3);
            } else if (buffer instanceof long[]) {
                long[] a = (long[]) buffer;
                int to = end(a.length, from, bytes, 8);
                long h0 = 1, h1 = 2, h2 = 3, h3 = 4;
                int i = from;
                for (; i + 3 < to; i += 4) {
                    h0 = h0 * M + a[i];
                    h1 = h1 * M + a[i + 1];
                    h2 = h2 * M + a[i + 2];
                    h3 = h3 * M + a[i + 3];
                }
                for (; i < to; i++) {
                    h0 = h0 * M + a[i];
                }
                h = combine(h0, h1, h2, h3);
            } else if (buffer instanceof float[]) {
                float[] a = (float[]) buffer;
                int to = end(a.length, from, bytes, 4);
                long h0 = 1, h1 = 2, h2 = 3, h3 = 4;
                int i = from;
                for (; i + 3 < to; i += 4) {
                    h0 = h0 * M + Float.floatToRawIntBits(a[i]);
                    h1 = h1 * M + Float.floatToRawIntBits(a[i + 1]);
                    h2 = h2 * M + Float.floatToRawIntBits(a[i + 2]);
                    h3 = h3 * M + Float.floatToRawIntBits(a[i + 3]);
                }
                for (; i < to; i++) {
                    h0 = h0 * M + Float.floatToRawIntBits(a[i]);
                }
                h = combine(h0, h1, h2, h3);
            } else if (buffer instanceof short[]) {
                short[] a = (short[]) buffer;
                int to = end(a.length, from, bytes, 2);
                long h0 = 1, h1 = 2, h2 = 3, h3 = 4;
                int i = from;
                for (; i + 3 < to; i += 4) {
                    h0 = h0 * M + a[i];
                    h1 = h1 * M + a[i + 1];
                    h2 = h2 * M + a[i + 2];
                    h3 = h3 * M + a[i + 3];
                }
                for (; i < to; i++) {
                    h0 = h0 * M + a[i];
                }
                h = combine(h0, h1, h2, h3);
            } else if (buffer instanceof char[]) {
                char[] a = (char[]) buffer;
                int to = end(a.length, from, bytes, 2);
                long h0 = 1, h1 = 2, h2 = 3, h3 = 4;
                int i = from;
                for (; i + 3 < to; i += 4) {
                    h0 = h0 * M + a[i];
                    h1 = h1 * M + a[i + 1];
                    h2 = h2 * M + a[i + 2];
                    h3 = h3 * M + a[i + 3];
                }
                for (; i < to; i++) {
                    h0 = h0 * M + a[i];
                }
                h = combine(h0, h1, h2, h3);
            } else {
                return NONE; // object arrays (MPJ's MPI.OBJECT) are serialised, not read in place
            }
        }
        return h == NONE ? NONE + 1 : h;
    }

    private static long combine(long h0, long h1, long h2, long h3) {
        return ((h0 * M + h1) * M + h2) * M + h3;
    }

    private static int end(int length, int from, long bytes, int size) {
        return (int) Math.min(length, from + bytes / size);
    }

    /** Bytes {@code from} to {@code to} of {@code a}, eight at a time. */
    private static long ofBytes(byte[] a, int from, int to) {
        long h0 = 1, h1 = 2, h2 = 3, h3 = 4;
        int i = from;
        for (; i + 31 < to; i += 32) {
            h0 = h0 * M + (long) LONGS.get(a, i);
            h1 = h1 * M + (long) LONGS.get(a, i + 8);
            h2 = h2 * M + (long) LONGS.get(a, i + 16);
            h3 = h3 * M + (long) LONGS.get(a, i + 24);
        }
        for (; i < to; i++) {
            h0 = h0 * M + a[i];
        }
        return combine(h0, h1, h2, h3);
    }

    /** The checksum of a {@code java.nio} buffer's first {@code bytes} bytes, or {@link #NONE}. */
    private static long ofBuffer(Buffer buffer, long bytes) {
        // One loop per buffer type on purpose: a loop shared by the types would box or call get() megamorphically.
        long h0 = 1, h1 = 2, h2 = 3, h3 = 4;
        if (buffer instanceof ByteBuffer) {
            ByteBuffer b = (ByteBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes);
            int i = 0;
            for (; i + 31 < n; i += 32) { // absolute reads: the application's position is untouched
                h0 = h0 * M + b.getLong(i);
                h1 = h1 * M + b.getLong(i + 8);
                h2 = h2 * M + b.getLong(i + 16);
                h3 = h3 * M + b.getLong(i + 24);
            }
            for (; i < n; i++) {
                h0 = h0 * M + b.get(i);
            }
        } else if (buffer instanceof IntBuffer) {
            IntBuffer b = (IntBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 4);
            int i = 0;
            for (; i + 3 < n; i += 4) {
                h0 = h0 * M + b.get(i);
                h1 = h1 * M + b.get(i + 1);
                h2 = h2 * M + b.get(i + 2);
                h3 = h3 * M + b.get(i + 3);
            }
            for (; i < n; i++) {
                h0 = h0 * M + b.get(i);
            }
        } else if (buffer instanceof DoubleBuffer) {
            DoubleBuffer b = (DoubleBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 8);
            int i = 0;
            for (; i + 3 < n; i += 4) {
                h0 = h0 * M + Double.doubleToRawLongBits(b.get(i));
                h1 = h1 * M + Double.doubleToRawLongBits(b.get(i + 1));
                h2 = h2 * M + Double.doubleToRawLongBits(b.get(i + 2));
                h3 = h3 * M + Double.doubleToRawLongBits(b.get(i + 3));
            }
            for (; i < n; i++) {
                h0 = h0 * M + Double.doubleToRawLongBits(b.get(i));
            }
        } else if (buffer instanceof LongBuffer) {
            LongBuffer b = (LongBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 8);
            int i = 0;
            for (; i + 3 < n; i += 4) {
                h0 = h0 * M + b.get(i);
                h1 = h1 * M + b.get(i + 1);
                h2 = h2 * M + b.get(i + 2);
                h3 = h3 * M + b.get(i + 3);
            }
            for (; i < n; i++) {
                h0 = h0 * M + b.get(i);
            }
        } else if (buffer instanceof FloatBuffer) {
            FloatBuffer b = (FloatBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 4);
            int i = 0;
            for (; i + 3 < n; i += 4) {
                h0 = h0 * M + Float.floatToRawIntBits(b.get(i));
                h1 = h1 * M + Float.floatToRawIntBits(b.get(i + 1));
                h2 = h2 * M + Float.floatToRawIntBits(b.get(i + 2));
                h3 = h3 * M + Float.floatToRawIntBits(b.get(i + 3));
            }
            for (; i < n; i++) {
                h0 = h0 * M + Float.floatToRawIntBits(b.get(i));
            }
        } else if (buffer instanceof ShortBuffer) {
            ShortBuffer b = (ShortBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 2);
            int i = 0;
            for (; i + 3 < n; i += 4) {
                h0 = h0 * M + b.get(i);
                h1 = h1 * M + b.get(i + 1);
                h2 = h2 * M + b.get(i + 2);
                h3 = h3 * M + b.get(i + 3);
            }
            for (; i < n; i++) {
                h0 = h0 * M + b.get(i);
            }
        } else if (buffer instanceof CharBuffer) {
            CharBuffer b = (CharBuffer) buffer;
            int n = (int) Math.min(b.capacity(), bytes / 2);
            int i = 0;
            for (; i + 3 < n; i += 4) {
                h0 = h0 * M + b.get(i);
                h1 = h1 * M + b.get(i + 1);
                h2 = h2 * M + b.get(i + 2);
                h3 = h3 * M + b.get(i + 3);
            }
            for (; i < n; i++) {
                h0 = h0 * M + b.get(i);
            }
        } else {
            return NONE;
        }
        return combine(h0, h1, h2, h3);
    }
}
