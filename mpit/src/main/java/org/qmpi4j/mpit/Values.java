package org.qmpi4j.mpit;

import java.nio.charset.StandardCharsets;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarClass;

/**
 * Moves values between the registry's raw {@code long}s and the user's typed buffers, checking the
 * buffer is the datatype's array type with room for {@code count} elements.
 */
final class Values {
    /** The largest MPI_UNSIGNED, 2^32 - 1. */
    private static final long MAX_UNSIGNED = 0xFFFF_FFFFL;

    private Values() {}

    static void checkBuffer(MpitDatatype type, int count, Object buffer, String variable) {
        if (buffer == null) {
            throw Errors.invalid("no buffer given for " + variable);
        }
        if (buffer.getClass() != type.bufferType()) {
            throw Errors.invalid(variable + " is " + type + ": its buffer is a "
                    + type.bufferType().getSimpleName() + ", not a "
                    + buffer.getClass().getSimpleName());
        }
        int length = java.lang.reflect.Array.getLength(buffer);
        if (length < count) {
            throw Errors.invalid(variable + " has " + count + " elements; the buffer holds only " + length);
        }
    }

    /**
     * Raw values to the buffer; {@code unit} scales DOUBLEs. The text's range rules hold here whatever
     * a source reports (Section 14.3.7):
     * <ul>
     *   <li>only counters, aggregates and timers "can overflow": their MPI_UNSIGNED values wrap modulo
     *       2^32 as a C unsigned does. For level, size and the watermarks "MPI implementations must
     *       ensure that variables of this class cannot overflow", so they saturate at 2^32 - 1 instead
     *       (a wrapped high watermark would go down);</li>
     *   <li>values of every class but generic are "non-negative": a DOUBLE below 0 reads 0;</li>
     *   <li>percentages "must always be between 0.0 ... and 1.0".</li>
     * </ul>
     */
    static void toBuffer(MpitDatatype type, PvarClass varClass, long[] raw, double unit, Object buffer) {
        switch (type) {
            case INT:
            case UNSIGNED: {
                boolean saturate =
                        type == MpitDatatype.UNSIGNED && !varClass.canOverflow() && varClass != PvarClass.GENERIC;
                int[] out = (int[]) buffer;
                for (int i = 0; i < raw.length; i++) {
                    long v = saturate ? Math.max(0, Math.min(MAX_UNSIGNED, raw[i])) : raw[i];
                    out[i] = (int) v; // UNSIGNED wraps modulo 2^32, as a C unsigned does
                }
                break;
            }
            case DOUBLE: {
                double[] out = (double[]) buffer;
                for (int i = 0; i < raw.length; i++) {
                    double v = raw[i] * unit;
                    if (varClass == PvarClass.PERCENTAGE) {
                        v = Math.min(1.0, v);
                    }
                    out[i] = varClass == PvarClass.GENERIC ? v : Math.max(0.0, v);
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
        if (value == null
                || value.getClass() != type.bufferType()
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
