package org.qmpi4j.tools.check;

import java.nio.Buffer;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * The buffer the process attached for buffered sends ({@code MPI_Buffer_attach}), for
 * {@code invalid_argument}: a buffered send needs room in it for its message and
 * {@code MPI_BSEND_OVERHEAD}, and without one MPI fails the send with {@code MPI_ERR_BUFFER}
 * (the standard: an error, not a wait). Only the one send is measured against the buffer's size;
 * buffered sends still pending, which share the room, are not counted, so a buffer too small for
 * several at once is not found.
 */
final class AttachedBuffer {
    /** Bytes attached; 0 while none is. */
    private volatile long bytes;

    private final long overhead;

    AttachedBuffer(long overhead) {
        this.overhead = Math.max(0, overhead);
    }

    /** After {@code MPI_Buffer_attach} or {@code MPI_Buffer_detach} returned. */
    void after(MpiCall call) {
        if (call.function() == MpiFunction.MPI_BUFFER_DETACH) {
            bytes = 0;
        } else if (call.function() == MpiFunction.MPI_BUFFER_ATTACH && call.argumentCount() > 0) {
            long size = sizeOf(call.argument(0));
            if (size >= 0) {
                bytes = size;
            }
        }
    }

    private static long sizeOf(@Nullable Object buffer) {
        if (buffer instanceof byte[]) {
            return ((byte[]) buffer).length;
        }
        if (buffer instanceof Buffer) {
            return ((Buffer) buffer).capacity();
        }
        return -1;
    }

    static boolean buffered(MpiFunction f) {
        return f == MpiFunction.MPI_BSEND || f == MpiFunction.MPI_IBSEND;
    }

    /** What is wrong with the buffered send of {@code messageBytes}, or {@code null} if it fits. */
    @Nullable
    String problem(long messageBytes) {
        long have = bytes;
        if (messageBytes < 0) {
            return null;
        }
        if (have == 0) {
            return "no buffer attached (MPI_Buffer_attach)";
        }
        if (messageBytes + overhead > have) {
            return "an attached buffer of " + have + " bytes, less than its " + messageBytes + " bytes plus " + overhead
                    + " (MPI_BSEND_OVERHEAD)";
        }
        return null;
    }
}
