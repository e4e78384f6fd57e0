package org.qmpi4j.tools.mpi;

import java.nio.ByteBuffer;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;

/**
 * The few calls the bundled tools make among themselves, through the name-shifted entry
 * ({@link Qmpi#pmpi}), so that no tool sees them and the application's own profile stays exact.
 * Only blocking operations every rank makes in the same order.
 *
 * <p>They travel on a communicator of the tools' own, a duplicate of {@code COMM_WORLD} made at
 * the first exchange ({@link ToolCommunicators}), as C tools do: on {@code COMM_WORLD} itself an
 * application's wildcard receive or probe could take a tool's message, and the library's own
 * monitoring would count the tools' messages as the application's. {@link #world()} stays the
 * application's {@code COMM_WORLD}, against which the tools translate the application's ranks.
 *
 * <p>Java bindings agree on what these functions do but not on their parameter lists: Open MPI's
 * {@code bcast(buf, count, type, root)} is MPJ Express' {@code Bcast(buf, offset, count, type,
 * root)}. The layout is the binding descriptor's {@code fact buffers} ({@link BindingFacts}), read
 * once; where no descriptor says, only rank, size and barrier work ({@link #canExchangeData()} is
 * false) and the tools keep per-rank files only. With a binding whose buffers are {@code nio} (Open
 * MPI's) every message goes through a direct buffer ({@link DirectBuffers} says why).
 */
public final class WorldComm {
    private final int toolId;
    private final String binding;
    /** The argument lists: {@code UNKNOWN} gives rank, size and barrier only (they take no arguments). */
    private final BindingFacts.Buffers layout;

    private final Object world;
    /** The datatypes and operation the exchanges use; {@code null} with a binding that cannot exchange data. */
    private final @Nullable Object byteType;

    private final @Nullable Object longType;
    private final @Nullable Object max;
    private final int rank;
    private final int size;
    /** The tools' own duplicate of {@code world}; made by the first exchange, which every rank makes. */
    private @Nullable Object talk;
    /**
     * For {@code array-offset} buffers, the receive buffer off the root: the binding is given an
     * array there too (MPJ Express' Gather copies each rank's own block into it, even off the root).
     */
    private byte[] gatherScratch = new byte[0];

    /**
     * Asks the binding for {@code COMM_WORLD}, its rank and size. MPI must be initialised.
     *
     * @param binding the binding's id, as {@link org.qmpi4j.api.MpiCall#binding()} gives it
     */
    public WorldComm(int toolId, String binding) throws Exception {
        this.toolId = toolId;
        this.layout = BindingFacts.of(binding).buffers();
        this.binding = binding;
        this.world = Qmpi.bindingConstant(toolId, "COMM_WORLD");
        boolean data = layout != BindingFacts.Buffers.UNKNOWN;
        this.byteType = data ? Qmpi.bindingConstant(toolId, "BYTE") : null;
        this.longType = data ? Qmpi.bindingConstant(toolId, "LONG") : null;
        this.max = data ? Qmpi.bindingConstant(toolId, "MAX") : null;
        this.rank = Pmpi.intResult(toolId, MpiFunction.MPI_COMM_RANK, world);
        this.size = Pmpi.intResult(toolId, MpiFunction.MPI_COMM_SIZE, world);
    }

    public int rank() {
        return rank;
    }

    public int size() {
        return size;
    }
    /** The binding's {@code COMM_WORLD} object: one per MPI process, also in MPJ's multicore mode. */
    public Object world() {
        return world;
    }

    public int toolId() {
        return toolId;
    }

    public String binding() {
        return binding;
    }

    /** Whether {@link #bcast}, {@link #allMax}, {@link #gather}, {@link #send} and {@link #recv} work with this binding. */
    public boolean canExchangeData() {
        return layout != BindingFacts.Buffers.UNKNOWN;
    }

    private void requireData() {
        if (layout == BindingFacts.Buffers.UNKNOWN) {
            throw new UnsupportedOperationException("the bundled tools do not know the argument lists of binding '"
                    + binding + "' for exchanging data");
        }
    }

    /**
     * The communicator the tools' messages travel on. Collective the first time in a process: it
     * is first asked for by an exchange that every rank makes at the same point.
     */
    private Object talk() throws Exception {
        Object t = talk;
        if (t == null) {
            t = ToolCommunicators.duplicateOf(toolId, world);
            talk = t;
        }
        return t;
    }

    /**
     * Whether this world was spawned ({@code MPI_Comm_get_parent} is not {@code MPI_COMM_NULL}).
     * Open MPI's binding returns an {@code Intercomm} whose {@code isNull()} says so; a binding
     * without the call (MPJ Express) has no parent.
     */
    public boolean hasParent() {
        try {
            Object parent = Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_GET_PARENT, null);
            if (parent == null) {
                return false;
            }
            Object isNull = parent.getClass().getMethod("isNull").invoke(parent);
            return Boolean.FALSE.equals(isNull);
        } catch (Exception | LinkageError e) {
            return false;
        }
    }

    public void barrier() throws Exception {
        Qmpi.pmpi(toolId, MpiFunction.MPI_BARRIER, talk());
    }

    /** Broadcasts {@code buf} (all of it) from {@code root}. */
    public void bcast(byte[] buf, int root) throws Exception {
        requireData();
        if (layout == BindingFacts.Buffers.NIO) {
            ByteBuffer d = DirectBuffers.holding(buf, buf.length, DirectBuffers.SEND);
            Qmpi.pmpi(toolId, MpiFunction.MPI_BCAST, talk(), d, buf.length, byteType(), root);
            DirectBuffers.copy(d, buf, buf.length);
        } else {
            Qmpi.pmpi(toolId, MpiFunction.MPI_BCAST, talk(), buf, 0, buf.length, byteType(), root);
        }
    }

    /** The largest {@code value} over all ranks, known to every rank. */
    public long allMax(long value) throws Exception {
        requireData();
        long[] in = {value};
        long[] out = new long[1];
        if (layout == BindingFacts.Buffers.NIO) {
            ByteBuffer d = DirectBuffers.of(Long.BYTES, DirectBuffers.RECEIVE);
            Qmpi.pmpi(
                    toolId,
                    MpiFunction.MPI_ALLREDUCE,
                    talk(),
                    DirectBuffers.holding(in, DirectBuffers.SEND),
                    d,
                    1,
                    longType(),
                    max());
            DirectBuffers.copy(d, out);
        } else {
            Qmpi.pmpi(toolId, MpiFunction.MPI_ALLREDUCE, talk(), in, 0, out, 0, 1, longType(), max());
        }
        return out[0];
    }

    /** Sends {@code buf} (all of it) to {@code dest} with {@code tag} (blocking). */
    public void send(long[] buf, int dest, int tag) throws Exception {
        requireData();
        if (layout == BindingFacts.Buffers.NIO) {
            ByteBuffer d = DirectBuffers.holding(buf, DirectBuffers.SEND);
            Qmpi.pmpi(toolId, MpiFunction.MPI_SEND, talk(), d, buf.length, longType(), dest, tag);
        } else {
            Qmpi.pmpi(toolId, MpiFunction.MPI_SEND, talk(), buf, 0, buf.length, longType(), dest, tag);
        }
    }

    /** Receives {@code buf.length} longs from {@code source} with {@code tag} (blocking). */
    public void recv(long[] buf, int source, int tag) throws Exception {
        requireData();
        if (layout == BindingFacts.Buffers.NIO) {
            ByteBuffer d = DirectBuffers.of(Math.multiplyExact(buf.length, Long.BYTES), DirectBuffers.RECEIVE);
            Qmpi.pmpi(toolId, MpiFunction.MPI_RECV, talk(), d, buf.length, longType(), source, tag);
            DirectBuffers.copy(d, buf);
        } else {
            Qmpi.pmpi(toolId, MpiFunction.MPI_RECV, talk(), buf, 0, buf.length, longType(), source, tag);
        }
    }

    /**
     * Gathers {@code block} bytes from every rank into {@code recv} at {@code root} (rank r's
     * block at offset {@code r * block}); {@code recv} may be {@code null} on other ranks.
     */
    public void gather(byte[] send, int block, @Nullable byte[] recv, int root) throws Exception {
        requireData();
        if (layout == BindingFacts.Buffers.NIO) {
            // the receive buffer counts at the root only; elsewhere the binding leaves it alone
            int received = recv == null ? 0 : Math.multiplyExact(block, size);
            ByteBuffer in = DirectBuffers.of(Math.max(received, 1), DirectBuffers.RECEIVE);
            ByteBuffer out = DirectBuffers.holding(send, block, DirectBuffers.SEND);
            Qmpi.pmpi(toolId, MpiFunction.MPI_GATHER, talk(), out, block, byteType(), in, block, byteType(), root);
            if (recv != null) {
                DirectBuffers.copy(in, recv, received);
            }
            return;
        }
        byte[] into = recv;
        if (into == null) {
            int needed = Math.multiplyExact(block, size);
            if (gatherScratch.length < needed) {
                gatherScratch = new byte[needed];
            }
            into = gatherScratch;
        }
        Qmpi.pmpi(toolId, MpiFunction.MPI_GATHER, talk(), send, 0, block, byteType(), into, 0, block, byteType(), root);
    }

    /**
     * Sends {@code data} to {@code dest} with {@code tag}: its length (4 bytes), then, unless empty,
     * its bytes. {@link #recv} is the other end. Blocking.
     */
    public void send(byte[] data, int dest, int tag) throws Exception {
        requireData();
        byte[] length = {
            (byte) (data.length >>> 24), (byte) (data.length >>> 16), (byte) (data.length >>> 8), (byte) data.length
        };
        sendBytes(length, dest, tag);
        if (data.length > 0) {
            sendBytes(data, dest, tag);
        }
    }

    /** Receives what {@link #send} sent from {@code source} with {@code tag}. Blocking. */
    public byte[] recv(int source, int tag) throws Exception {
        requireData();
        byte[] length = new byte[4];
        recvBytes(length, source, tag);
        int n = (length[0] & 0xff) << 24 | (length[1] & 0xff) << 16 | (length[2] & 0xff) << 8 | (length[3] & 0xff);
        if (n < 0) {
            throw new java.io.IOException("rank " + source + " announced " + n + " bytes");
        }
        byte[] data = new byte[n];
        if (n > 0) {
            recvBytes(data, source, tag);
        }
        return data;
    }

    private Object byteType() {
        return dataConstant(byteType);
    }

    private Object longType() {
        return dataConstant(longType);
    }

    private Object max() {
        return dataConstant(max);
    }

    /** One of the constants the constructor looks up for every binding that can exchange data. */
    private Object dataConstant(@Nullable Object constant) {
        if (constant == null) {
            requireData();
            throw new IllegalStateException("binding '" + binding + "' has no such constant");
        }
        return constant;
    }

    private void sendBytes(byte[] buf, int dest, int tag) throws Exception {
        if (layout == BindingFacts.Buffers.NIO) {
            ByteBuffer d = DirectBuffers.holding(buf, buf.length, DirectBuffers.SEND);
            Qmpi.pmpi(toolId, MpiFunction.MPI_SEND, talk(), d, buf.length, byteType(), dest, tag);
        } else {
            Qmpi.pmpi(toolId, MpiFunction.MPI_SEND, talk(), buf, 0, buf.length, byteType(), dest, tag);
        }
    }

    private void recvBytes(byte[] buf, int source, int tag) throws Exception {
        if (layout == BindingFacts.Buffers.NIO) {
            ByteBuffer d = DirectBuffers.of(buf.length, DirectBuffers.RECEIVE);
            Qmpi.pmpi(toolId, MpiFunction.MPI_RECV, talk(), d, buf.length, byteType(), source, tag);
            DirectBuffers.copy(d, buf, buf.length);
        } else {
            Qmpi.pmpi(toolId, MpiFunction.MPI_RECV, talk(), buf, 0, buf.length, byteType(), source, tag);
        }
    }
}
