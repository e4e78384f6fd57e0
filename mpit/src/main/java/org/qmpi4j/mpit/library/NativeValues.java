package org.qmpi4j.mpit.library;

import com.sun.jna.Memory;
import java.nio.charset.StandardCharsets;

/**
 * Values between C buffers and their Java form: {@code int[]} (also for {@code MPI_C_BOOL}, as
 * 0 or 1), {@code long[]}, {@code double[]} of {@code count} elements, or a {@link String} for {@code MPI_CHAR} (the form
 * the registry's control variable cells use).
 */
final class NativeValues {
    private NativeValues() {}

    static Object read(Memory buf, NativeType type, int count) {
        switch (type) {
            case INT:
            case UNSIGNED:
            case INT32:
            case UINT32:
                return buf.getIntArray(0, count);
            case CHAR: {
                byte[] bytes = buf.getByteArray(0, count);
                int end = 0;
                while (end < bytes.length && bytes[end] != 0) {
                    end++;
                }
                return new String(bytes, 0, end, StandardCharsets.UTF_8);
            }
            case DOUBLE:
                return buf.getDoubleArray(0, count);
            case C_BOOL: {
                byte[] bytes = buf.getByteArray(0, count);
                int[] out = new int[count];
                for (int i = 0; i < count; i++) {
                    out[i] = bytes[i] != 0 ? 1 : 0;
                }
                return out;
            }
            default:
                return buf.getLongArray(0, count);
        }
    }

    static void write(Memory buf, NativeType type, int count, Object value) {
        switch (type) {
            case INT:
            case UNSIGNED:
            case INT32:
            case UINT32:
                buf.write(0, (int[]) value, 0, count);
                break;
            case CHAR: {
                byte[] bytes = value.toString().getBytes(StandardCharsets.UTF_8);
                if (bytes.length >= count) {
                    throw new IllegalArgumentException("a value of at most " + (count - 1) + " bytes");
                }
                buf.clear();
                buf.write(0, bytes, 0, bytes.length);
                break;
            }
            case DOUBLE:
                buf.write(0, (double[]) value, 0, count);
                break;
            case C_BOOL: {
                int[] in = (int[]) value;
                for (int i = 0; i < count; i++) {
                    buf.setByte(i, in[i] != 0 ? (byte) 1 : (byte) 0);
                }
                break;
            }
            default:
                buf.write(0, (long[]) value, 0, count);
        }
    }
}
