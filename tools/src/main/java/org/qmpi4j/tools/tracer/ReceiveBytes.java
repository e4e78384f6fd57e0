package org.qmpi4j.tools.tracer;

import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.tools.mpi.MessageRoles;

/**
 * The bytes of a call's receive buffer as its arguments give them, for the trace's
 * {@code recv bytes} ({@link TraceFormat}). The bindings put a receive buffer's count and datatype
 * after the send buffer's (Open MPI's {@code gather(sbuf, scount, stype, rbuf, rcount, rtype, root)},
 * MPJ Express' {@code Gather(sbuf, soff, scount, stype, rbuf, roff, rcount, rtype, root)}, the
 * send-receives alike): the second (count, datatype) pair of the arguments is the receive buffer's.
 * A call with one pair (a receive, bcast, reduce, allreduce, scan, the in-place forms) receives into
 * the buffer its first pair describes, whose bytes the call already knows ({@link MpiCall#bytes()}).
 * A datatype's size is found once per datatype object.
 */
final class ReceiveBytes {
    private final IdentityTable sizes = new IdentityTable();
    /** The binding's datatype class (the root of its datatype classes), known from the first call with one. */
    private volatile @Nullable Class<?> typeClass;

    /** Whether {@code f} receives into a buffer its arguments describe. */
    static boolean receives(MpiFunction f) {
        return (f.kind() == MpiFunction.Kind.COLLECTIVE
                        && f != MpiFunction.MPI_BARRIER
                        && f != MpiFunction.MPI_IBARRIER)
                || MessageRoles.RECEIVES.contains(f)
                || f == MpiFunction.MPI_SENDRECV
                || f == MpiFunction.MPI_SENDRECV_REPLACE
                || f == MpiFunction.MPI_MRECV
                || f == MpiFunction.MPI_IMRECV
                || f == MpiFunction.MPI_RECV_INIT;
    }

    /** The receive buffer's bytes of {@code call} (one of {@link #receives}), or {@link TraceFormat#NONE}. */
    long of(MpiCall call) {
        Object first = call.datatype();
        if (first == null) {
            return firstBuffer(call); // no datatype to find a second pair by
        }
        Class<?> types = typeClass;
        if (types == null) {
            types = root(first.getClass());
            typeClass = types;
        }
        int pairs = 0;
        int n = call.argumentCount();
        for (int i = 0; i + 1 < n; i++) {
            Object count = call.argument(i);
            Object type = call.argument(i + 1);
            if ((count instanceof Integer || count instanceof int[]) && types.isInstance(type)) {
                if (++pairs == 2) {
                    long size = size(call, type);
                    return size < 0 ? TraceFormat.NONE : elements(count) * size;
                }
            }
        }
        return pairs == 1 ? firstBuffer(call) : TraceFormat.NONE;
    }

    private static long firstBuffer(MpiCall call) {
        long b = call.bytes();
        return b > 0 ? b : TraceFormat.NONE;
    }

    private static long elements(Object count) {
        if (count instanceof Integer) {
            return Math.max(0, (Integer) count);
        }
        long sum = 0;
        for (int c : (int[]) count) {
            sum += Math.max(0, c);
        }
        return sum;
    }

    /**
     * The bytes of one element of {@code type}, as the agent counts a call's bytes: through a copy
     * of {@code call} with one element of that type ({@code MPI_TYPE_SIZE} would not do: Open MPI's
     * Java binding gives it in units of the type's base type).
     */
    private synchronized long size(MpiCall call, Object type) {
        long s = sizes.get(type);
        if (s == IdentityTable.MISSING) {
            try {
                s = call.withRole(ArgumentRole.COUNT, 1)
                        .withRole(ArgumentRole.DATATYPE, type)
                        .bytes();
            } catch (RuntimeException e) {
                s = -1; // not asked again
            }
            if (sizes.size() < 1024) {
                sizes.put(type, s);
            }
        }
        return s;
    }

    private static Class<?> root(Class<?> c) {
        while (c.getSuperclass() != null && c.getSuperclass() != Object.class) {
            c = c.getSuperclass();
        }
        return c;
    }
}
