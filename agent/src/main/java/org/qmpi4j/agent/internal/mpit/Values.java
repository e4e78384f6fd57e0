package org.qmpi4j.agent.internal.mpit;

import java.nio.charset.StandardCharsets;
import org.qmpi4j.api.mpit.MpitDatatype;

/**
 * Moves values between the registry's raw {@code long}s and the user's typed buffers, checking the
 * buffer is the datatype's array type with room for {@code count} elements.
 */
final class Values {
    private Values() {
    }

    static void checkBuffer(MpitDatatype type, int count, Object buffer, String variable) {
        if (buffer == null) {
            throw Errors.invalid("no buffer given for " + variable);
        }
        if (buffer.getClass() != type.bufferType()) {
            throw Errors.invalid(variable + " is " + type + ": its buffer is a " + type.bufferType().getSimpleName()
                    + ", not a " + buffer.getClass().getSimpleName());
        }
        int length = java.lang.reflect.Array.getLength(buffer);
        if (length < count) {
            throw Errors.invalid(variable + " has " + count + " elements; the buffer holds only " + length);
        }
    }

    /** Raw values to the buffer; {@code unit} scales DOUBLEs, {@code clampToFraction} keeps them in [0, 1]. */
    static void toBuffer(MpitDatatype type, long[] raw, double unit, boolean clampToFraction, Object buffer) {
        switch (type) {
            case INT:
            case UNSIGNED: {
                int[] out = (int[]) buffer;
                for (int i = 0; i < raw.length; i++) {
                    out[i] = (int) raw[i]; // UNSIGNED wraps modulo 2^32, as a C unsigned does
                }
                break;
            }
            case DOUBLE: {
                double[] out = (double[]) buffer;
                for (int i = 0; i < raw.length; i++) {
                    double v = raw[i] * unit;
                    out[i] = clampToFraction ? Math.max(0.0, Math.min(1.0, v)) : v;
                }
                break;
            }
            case CHAR:
                throw new IllegalStateException("performance variables are never MPI_CHAR");
            default:
                System.arraycopy(raw, 0, buffer, 0, raw.length);
        }
    }

    /** The buffer's first {@code count} values as raw longs; negative values are rejected (pvars are non-negative). */
    static void fromBuffer(MpitDatatype type, Object buffer, double unit, long[] raw, String variable) {
        switch (type) {
            case INT: {
                int[] in = (int[]) buffer;
                for (int i = 0; i < raw.length; i++) {
                    raw[i] = in[i];
                }
                break;
            }
            case UNSIGNED: {
                int[] in = (int[]) buffer;
                for (int i = 0; i < raw.length; i++) {
                    raw[i] = Integer.toUnsignedLong(in[i]);
                }
                break;
            }
            case DOUBLE: {
                double[] in = (double[]) buffer;
                for (int i = 0; i < raw.length; i++) {
                    if (!(in[i] >= 0) || Double.isInfinite(in[i])) {
                        throw Errors.invalid(variable + " takes non-negative finite values, not " + in[i]);
                    }
                    raw[i] = Math.round(in[i] / unit);
                }
                break;
            }
            case CHAR:
                throw new IllegalStateException("performance variables are never MPI_CHAR");
            default:
                System.arraycopy(buffer, 0, raw, 0, raw.length);
        }
    }

    /** A control variable's value (the cell's Java form) into the user's buffer. */
    static void cvarToBuffer(MpitDatatype type, int count, Object value, Object buffer, String variable) {
        if (type == MpitDatatype.CHAR) {
            byte[] bytes = (value == null ? "" : value.toString()).getBytes(StandardCharsets.UTF_8);
            byte[] out = (byte[]) buffer;
            int n = Math.min(bytes.length, count - 1);
            System.arraycopy(bytes, 0, out, 0, n);
            out[n] = 0;
            return;
        }
        if (value == null || value.getClass() != type.bufferType()
                || java.lang.reflect.Array.getLength(value) != count) {
            throw Errors.invalid("the source of " + variable + " gave a value that is not " + count + " " + type);
        }
        System.arraycopy(value, 0, buffer, 0, count);
    }

    /** The user's buffer as the value a control variable's cell takes. */
    static Object cvarFromBuffer(MpitDatatype type, int count, Object buffer, String variable) {
        if (type == MpitDatatype.CHAR) {
            byte[] in = (byte[]) buffer;
            int end = -1;
            for (int i = 0; i < count; i++) {
                if (in[i] == 0) {
                    end = i;
                    break;
                }
            }
            if (end < 0) {
                throw Errors.invalid(variable + " takes a NUL-terminated string of at most " + (count - 1) + " bytes");
            }
            return new String(in, 0, end, StandardCharsets.UTF_8);
        }
        Object copy = type.newBuffer(count);
        System.arraycopy(buffer, 0, copy, 0, count);
        return copy;
    }
}
