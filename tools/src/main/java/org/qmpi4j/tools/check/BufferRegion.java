package org.qmpi4j.tools.check;

import java.nio.Buffer;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * Where a point-to-point call's message buffer lies, and whether MPI reads it (a send) or writes
 * it (a receive): compared with the buffers of the nonblocking calls still pending
 * ({@code overlapping_buffers}). A region is a byte range of one piece of memory: of a Java array
 * (MPJ Express: from the call's element offset), or of native memory, by address, for a direct
 * {@code java.nio} buffer (Open MPI's Java binding: from the buffer's start, which is where JNI's
 * {@code GetDirectBufferAddress} points, whatever its position). Two slices of one direct buffer
 * are then one memory; where the address cannot be read ({@link DirectAddresses#UNKNOWN}) a
 * direct buffer is compared by identity only. Regions are known only for predefined datatypes:
 * a derived type's extent (its holes, its strides) is not followed, and interleaved strided
 * receives are correct, so such calls are not compared rather than guessed at.
 */
final class BufferRegion {
    /** The memory of every direct buffer whose address is known: their regions are address ranges. */
    static final Object NATIVE = new Object();

    /** MPI only reads the buffer. */
    static final int READS = 1;
    /** MPI writes into the buffer. */
    static final int WRITES = 2;

    /** The code of {@code MPI.OBJECT} in {@link TypeSignatures#BASIC}: serialised, not read in place. */
    private static final int OBJECT = 9;

    /** The array, the direct buffer (address unknown), {@link #NATIVE}, or {@code null}: no region. */
    @Nullable
    Object memory;

    long from;
    long to;
    boolean writes;

    /** Whether MPI reads ({@link #READS}) or writes ({@link #WRITES}) the buffer of {@code f}; 0 if not compared. */
    static int access(MpiFunction f) {
        if (f.sendsMessage()) { // the sends of every mode; the send-receive calls have two buffers: not compared
            return f == MpiFunction.MPI_SENDRECV || f == MpiFunction.MPI_SENDRECV_REPLACE ? 0 : READS;
        }
        switch (f) {
            case MPI_SEND_INIT:
            case MPI_BSEND_INIT:
            case MPI_SSEND_INIT:
            case MPI_RSEND_INIT:
                return READS;
            case MPI_RECV:
            case MPI_IRECV:
            case MPI_MRECV:
            case MPI_IMRECV:
            case MPI_RECV_INIT:
                return WRITES;
            default:
                return 0; // collectives and the rest: not compared
        }
    }

    /**
     * Sets this to the region of {@code call}'s buffer; false (and no region) where it is not
     * known. {@code offsets}: the binding follows the buffer with an element offset.
     */
    boolean set(MpiCall call, boolean offsets, @Nullable TypeSignatures types) {
        memory = null;
        int access = access(call.function());
        Object buffer = call.buffer();
        if (access == 0 || buffer == null || types == null) {
            return false;
        }
        TypeSignature type = types.of(call.datatype());
        if (type == null || type.code < 0 || type.code == OBJECT) {
            return false;
        }
        long bytes = call.bytes();
        if (bytes <= 0) {
            return false;
        }
        long start;
        Object in;
        if (buffer instanceof Buffer) {
            Buffer b = (Buffer) buffer;
            if (!b.isDirect()) {
                return false; // a heap buffer the binding copies: MPI never sees its memory
            }
            long address = DirectAddresses.of(b);
            in = address == DirectAddresses.UNKNOWN ? b : NATIVE;
            start = address == DirectAddresses.UNKNOWN ? 0 : address;
        } else {
            int size = elementSize(buffer);
            if (size == 0) {
                return false;
            }
            Object off = !offsets || call.argumentCount() < 2 ? null : call.argument(1);
            start = (off instanceof Integer ? Math.max((Integer) off, 0) : 0) * (long) size;
            in = buffer;
        }
        memory = in;
        from = start;
        to = start + bytes;
        writes = access == WRITES;
        return true;
    }

    void copy(BufferRegion r) {
        memory = r.memory;
        from = r.from;
        to = r.to;
        writes = r.writes;
    }

    /** Whether this and {@code o} share a byte and at least one of them is written: MPI forbids it. */
    boolean conflicts(BufferRegion o) {
        return memory != null && memory == o.memory && from < o.to && o.from < to && (writes || o.writes);
    }

    /** The size of an element of array {@code a}, or 0 if it is no array of primitives. */
    private static int elementSize(Object a) {
        if (a instanceof byte[] || a instanceof boolean[]) {
            return 1;
        } else if (a instanceof int[] || a instanceof float[]) {
            return 4;
        } else if (a instanceof long[] || a instanceof double[]) {
            return 8;
        } else if (a instanceof short[] || a instanceof char[]) {
            return 2;
        }
        return 0;
    }

    /** For messages: "elements 1 to 3 of an int[4]", "8 bytes of a direct buffer's memory". */
    String describe() {
        Object m = memory;
        if (m == null) {
            return "no buffer";
        }
        if (m == NATIVE) {
            return (to - from) + " bytes of direct (native) memory";
        }
        if (m instanceof Buffer) {
            return "the first " + (to - from) + " bytes of a direct buffer";
        }
        int size = elementSize(m);
        String type = m.getClass().getComponentType().getName();
        return "elements " + from / size + " to " + ((to + size - 1) / size - 1) + " of "
                + (type.equals("int") ? "an " : "a ") + type + "[" + java.lang.reflect.Array.getLength(m) + "]";
    }
}
