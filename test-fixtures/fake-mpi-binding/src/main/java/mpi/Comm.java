package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A communicator. Each call keeps its arguments in plain fields of the communicator: stores the
 * JIT must keep (the object outlives the call), so that a benchmarked call cannot be optimised
 * away, at the cost of a few stores, the same with and without the agent.
 */
public class Comm {
    private static final Status STATUS = new Status();
    private static final Request REQUEST = new Request();

    private final int rank;
    private final int size;
    private Object lastBuffer;
    private int lastCount;
    private Datatype lastType;
    private int lastPeer;
    private int lastTag;
    private long barriers;

    protected Comm(int rank, int size) {
        this.rank = rank;
        this.size = size;
    }

    public final int getRank() throws MPIException {
        return rank;
    }

    public final int getSize() throws MPIException {
        return size;
    }

    public final void send(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        keep(buf, count, type, dest, tag);
    }

    public final Status recv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        keep(buf, count, type, source, tag);
        return STATUS;
    }

    public final Request iSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        keep(buf, count, type, dest, tag);
        return REQUEST;
    }

    /**
     * A new communicator of the same rank and size. The tools make their own at {@code MPI_Init}
     * (the tracer) or at their first exchange, as they do on a real binding.
     */
    public Comm dup() throws MPIException {
        return new Comm(rank, size);
    }

    public final void barrier() throws MPIException {
        barriers++;
    }

    // One rank: the collectives the bundled tools use at MPI_Init and MPI_Finalize (their set-up
    // and gathering), so that the profiler runs its whole path here, as in a real job.

    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        requireRoot(root);
    }

    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        copy(sendbuf, recvbuf, count, type);
    }

    public final void gather(
            Object sendbuf,
            int sendcount,
            Datatype sendtype,
            Object recvbuf,
            int recvcount,
            Datatype recvtype,
            int root)
            throws MPIException {
        requireRoot(root);
        copy(sendbuf, recvbuf, sendcount, sendtype);
    }

    /**
     * One rank's result of a reduction or gather: its own elements. Like Open MPI's binding, this
     * takes arrays and direct buffers (the bundled tools send their own messages from direct
     * buffers there); a direct buffer is read from its start, whatever its position.
     */
    private static void copy(Object from, Object to, int count, Datatype type) throws MPIException {
        if (from instanceof Buffer || to instanceof Buffer) {
            int bytes = count * type.baseSize;
            ByteBuffer in = bytesOf(from, bytes);
            ByteBuffer out = bytesOf(to, bytes);
            out.put(0, in, 0, bytes);
            if (!(to instanceof ByteBuffer)) {
                toArray(out, to, count);
            }
            return;
        }
        System.arraycopy(from, 0, to, 0, count);
    }

    private static ByteBuffer bytesOf(Object buf, int bytes) throws MPIException {
        if (buf instanceof ByteBuffer b) {
            if (!b.isDirect()) {
                throw new MPIException("Open MPI's binding takes direct buffers only");
            }
            return b.duplicate().order(ByteOrder.nativeOrder());
        }
        ByteBuffer b = ByteBuffer.allocate(bytes).order(ByteOrder.nativeOrder());
        if (buf instanceof byte[] a) {
            b.put(0, a, 0, bytes);
        } else if (buf instanceof int[] a) {
            b.asIntBuffer().put(0, a, 0, bytes / Integer.BYTES);
        } else if (buf instanceof long[] a) {
            b.asLongBuffer().put(0, a, 0, bytes / Long.BYTES);
        } else if (buf instanceof double[] a) {
            b.asDoubleBuffer().put(0, a, 0, bytes / Double.BYTES);
        } else {
            throw new MPIException(
                    "the benchmarks' fake binding mixes buffers only with byte, int, long and double arrays");
        }
        return b;
    }

    private static void toArray(ByteBuffer from, Object to, int count) {
        if (to instanceof byte[] a) {
            from.get(0, a, 0, count);
        } else if (to instanceof int[] a) {
            from.asIntBuffer().get(0, a, 0, count);
        } else if (to instanceof long[] a) {
            from.asLongBuffer().get(0, a, 0, count);
        } else if (to instanceof double[] a) {
            from.asDoubleBuffer().get(0, a, 0, count);
        }
    }

    private void requireRoot(int root) throws MPIException {
        if (root != 0 || size != 1) {
            throw new MPIException("the benchmarks' fake binding has one rank; root " + root);
        }
    }

    private void keep(Object buf, int count, Datatype type, int peer, int tag) {
        lastBuffer = buf;
        lastCount = count;
        lastType = type;
        lastPeer = peer;
        lastTag = tag;
    }

    /** What the last point-to-point call was given (not an Open MPI method; for sanity checks). */
    public final String lastCall() {
        return "buffer " + (lastBuffer == null ? "null" : lastBuffer.getClass().getSimpleName()) + ", count "
                + lastCount
                + ", type " + (lastType == null ? "null" : lastType.baseSize + " B") + ", peer " + lastPeer + ", tag "
                + lastTag + ", barriers " + barriers;
    }
}
