package org.qmpi4j.tools.mpi;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.internal.QmpiBackend;

/**
 * What a binding does that the bundled tools must know and no call says, as the binding's
 * descriptor states it ({@code fact} lines, {@link QmpiBackend#bindingFact}; the descriptor
 * format's {@code BindingFact} lists them) or its mappings show ({@link QmpiBackend#bindingHasFunction}).
 * The tools ask here instead of testing the binding's id, so a new binding is a new descriptor.
 * Read once per binding id and kept.
 */
public final class BindingFacts {
    /** How a binding passes a message buffer: the descriptor's {@code fact buffers}. */
    public enum Buffers {
        /** A {@code java.nio.Buffer} (direct for non-blocking calls) or an array, then its count (Open MPI). */
        NIO,
        /** A Java array, then an {@code int} element offset, then the count (mpiJava 1.2, MPJ Express). */
        ARRAY_OFFSET,
        /** No descriptor says: the tools do not exchange data of their own over this binding. */
        UNKNOWN
    }

    /** What the tools assume of a binding no descriptor describes (no agent, or an id no descriptor has). */
    public static final BindingFacts UNKNOWN =
            new BindingFacts("unknown", "unknown", Buffers.UNKNOWN, true, true, false);

    private static final Map<String, BindingFacts> BY_ID = new ConcurrentHashMap<>();

    private final String bindingId;
    private final String title;
    private final Buffers buffers;
    private final boolean freeInvalidates;
    private final boolean requestFree;
    private final boolean receivesAtCompletion;

    private BindingFacts(
            String bindingId,
            String title,
            Buffers buffers,
            boolean freeInvalidates,
            boolean requestFree,
            boolean receivesAtCompletion) {
        this.bindingId = bindingId;
        this.title = title;
        this.buffers = buffers;
        this.freeInvalidates = freeInvalidates;
        this.requestFree = requestFree;
        this.receivesAtCompletion = receivesAtCompletion;
    }

    /** The facts of binding {@code bindingId} ({@link org.qmpi4j.api.MpiCall#bindingId()}). */
    public static BindingFacts of(String bindingId) {
        BindingFacts f = BY_ID.get(bindingId);
        if (f == null) {
            f = read(bindingId);
            BY_ID.put(bindingId, f);
        }
        return f;
    }

    private static BindingFacts read(String bindingId) {
        QmpiBackend backend;
        try {
            backend = QmpiBackend.current();
        } catch (IllegalStateException e) {
            return UNKNOWN; // no agent: no descriptor to ask
        }
        String buffers = backend.bindingFact(bindingId, "buffers");
        String free = backend.bindingFact(bindingId, "free");
        String title = backend.bindingTitle(bindingId);
        return new BindingFacts(
                bindingId,
                title == null ? bindingId : title,
                "nio".equals(buffers)
                        ? Buffers.NIO
                        : "array-offset".equals(buffers) ? Buffers.ARRAY_OFFSET : Buffers.UNKNOWN,
                !"no-op".equals(free),
                backend.bindingHasFunction(bindingId, MpiFunction.MPI_REQUEST_FREE),
                "at-completion".equals(backend.bindingFact(bindingId, "receives")));
    }

    /** The binding's id. */
    public String bindingId() {
        return bindingId;
    }

    /**
     * The binding's title, as its descriptor's {@code title} line gives it ({@code MPJ Express 0.44
     * (mpiJava 1.2)}): how messages name the binding to its users; its id where no descriptor says.
     */
    public String title() {
        return title;
    }

    /** How the binding passes a message buffer. */
    public Buffers buffers() {
        return buffers;
    }

    /**
     * Whether each message buffer argument is followed by an {@code int} element offset
     * ({@code fact buffers array-offset}): {@code Send(buf, offset, count, ...)}.
     */
    public boolean bufferOffsets() {
        return buffers == Buffers.ARRAY_OFFSET;
    }

    /**
     * Whether freeing an MPI object makes its handle invalid ({@code fact free invalidates}, Open
     * MPI), so that the object must not be used, nor asked about, afterwards; {@code false} where a
     * free is a no-op and the object keeps working ({@code fact free no-op}, MPJ Express). Without
     * a descriptor, {@code true}: the cautious answer.
     */
    public boolean freeInvalidates() {
        return freeInvalidates;
    }

    /**
     * Whether the binding has {@code MPI_Request_free} (its descriptor maps it). MPJ Express 0.44's
     * mpiJava 1.2 API has none: there a persistent request cannot be freed.
     */
    public boolean hasRequestFree() {
        return requestFree;
    }

    /**
     * Whether a nonblocking receive's message reaches the application's buffer only inside the call
     * that completes it ({@code fact receives at-completion}, MPJ Express), so that until then the
     * buffer changes only if the program writes it; {@code false} where MPI writes it in place at
     * any time ({@code fact receives in-place}, Open MPI) or no descriptor says.
     */
    public boolean receivesAtCompletion() {
        return receivesAtCompletion;
    }

    @Override
    public String toString() {
        return bindingId + ": buffers " + buffers + ", free " + (freeInvalidates ? "invalidates" : "no-op")
                + (requestFree ? "" : ", no MPI_Request_free")
                + (receivesAtCompletion ? ", receives at completion" : "");
    }
}
