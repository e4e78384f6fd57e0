package org.qmpi4j.tools.mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Direct buffers for the tools' own messages on Open MPI's Java binding, so that none of their
 * bytes ever reaches an array of the application.
 *
 * <p>That binding never hands the library a Java array: for a blocking call with an array it
 * takes a native buffer from a free list it reuses for every call of the process (up to
 * {@code mpi_java_eager} bytes, 64 KiB by default; larger ones are {@code malloc}ed and freed),
 * copies the array in before a send and, after a receive, copies the whole count asked for back
 * into the array, however short the message was ({@code getBuffer}, {@code ompi_java_getReadPtr},
 * {@code ompi_java_getWritePtr} and {@code ompi_java_releaseWritePtr} in {@code mpi_MPI.c}). Bytes
 * a tool sent or received through an array would stay in that free list, and an application
 * receive shorter than its array would then find them past the received count. A direct buffer is
 * given to the library as it is ({@code GetDirectBufferAddress}) and never touches the free list,
 * so the list holds exactly what it would hold without the agent.
 *
 * <p>MPJ Express needs none of this: it unpacks only the elements a message holds into the
 * application's array.
 */
public final class DirectBuffers {
    /** What a tool sends. */
    public static final int SEND = 0;

    /** What a tool receives. */
    public static final int RECEIVE = 1;

    /** Messages up to this size reuse one buffer per thread and role; larger ones get their own. */
    static final int REUSED_BYTES = 4096;

    private static final ThreadLocal<ByteBuffer[]> REUSABLE = ThreadLocal.withInitial(() -> new ByteBuffer[2]);

    private DirectBuffers() {}

    /** A direct buffer of at least {@code bytes} in the platform's byte order, for {@code role}; its contents are undefined. */
    public static ByteBuffer of(int bytes, int role) {
        if (bytes > REUSED_BYTES) {
            return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
        }
        ByteBuffer[] mine = REUSABLE.get();
        ByteBuffer b = mine[role];
        if (b == null) {
            b = ByteBuffer.allocateDirect(REUSED_BYTES).order(ByteOrder.nativeOrder());
            mine[role] = b;
        }
        return b;
    }

    /** A direct buffer holding the first {@code n} bytes of {@code data}. */
    public static ByteBuffer holding(byte[] data, int n, int role) {
        ByteBuffer b = of(n, role);
        ByteBuffer view = b.duplicate();
        view.clear();
        view.put(data, 0, n);
        return b;
    }

    /** A direct buffer holding {@code data} in the platform's byte order (as the library reads a long). */
    public static ByteBuffer holding(long[] data, int role) {
        ByteBuffer b = of(Math.multiplyExact(data.length, Long.BYTES), role);
        for (int i = 0; i < data.length; i++) {
            b.putLong(i * Long.BYTES, data[i]);
        }
        return b;
    }

    /** The first {@code n} bytes of {@code from} into {@code to}. */
    public static void copy(ByteBuffer from, byte[] to, int n) {
        ByteBuffer view = from.duplicate();
        view.clear();
        view.get(to, 0, n);
    }

    /** The first {@code to.length} longs of {@code from} into {@code to}. */
    public static void copy(ByteBuffer from, long[] to) {
        for (int i = 0; i < to.length; i++) {
            to[i] = from.getLong(i * Long.BYTES);
        }
    }
}
