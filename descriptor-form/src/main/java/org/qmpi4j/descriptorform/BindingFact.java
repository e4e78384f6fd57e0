package org.qmpi4j.descriptorform;

import java.util.List;
import org.qmpi4j.api.Nullable;

/**
 * What a binding does that the bundled tools must know and no {@code map} line says: each is a
 * {@code fact <name> <value>} line of the descriptor, required once in every descriptor (the
 * compiler fails a descriptor that omits one or gives a value not listed here), and the tools ask
 * for it by name through the agent ({@code QmpiBackend.bindingFact}) instead of testing the
 * binding's id. A new binding's author sets each; a new fact is a new constant here, a line in
 * every descriptor, and the tool code that reads it.
 */
public enum BindingFact {
    /**
     * How a message buffer is passed. {@code nio}: a {@code java.nio.Buffer} (direct for the
     * non-blocking calls) or an array, followed by its count: {@code send(buf, count, type, dest,
     * tag)}; the tools' own messages travel in direct buffers (Open MPI). {@code array-offset}: a
     * Java array followed by an {@code int} element offset, then the count: {@code Send(buf,
     * offset, count, type, dest, tag)} (mpiJava 1.2, MPJ Express).
     */
    BUFFERS("buffers", "nio", "array-offset"),
    /**
     * What freeing an MPI object (communicator, group, datatype, operation, ...) does to it.
     * {@code invalidates}: the object's handle is invalid afterwards and using it is an error the
     * library may crash on (Open MPI). {@code no-op}: the free does nothing and the object keeps
     * working (MPJ Express 0.44).
     */
    FREE("free", "invalidates", "no-op"),
    /**
     * When a nonblocking receive's message reaches the application's buffer. {@code in-place}: MPI
     * writes it there at any time between the call and its completion (Open MPI: the direct
     * buffer's memory is MPI's meanwhile). {@code at-completion}: the binding receives into a buffer
     * of its own and copies the message into the application's inside the call that completes the
     * request (MPJ Express 0.44), so that nothing else writes the application's buffer until then.
     */
    RECEIVES("receives", "in-place", "at-completion");

    private final String keyword;
    private final List<String> values;

    BindingFact(String keyword, String... values) {
        this.keyword = keyword;
        this.values = List.of(values);
    }

    /** The fact's name in descriptor files ({@code fact buffers nio}). */
    public String keyword() {
        return keyword;
    }

    /** The values a descriptor may give it. */
    public List<String> allowed() {
        return values;
    }

    /** The fact a descriptor names, or {@code null}. */
    public static @Nullable BindingFact forKeyword(String keyword) {
        for (BindingFact f : values()) {
            if (f.keyword.equals(keyword)) {
                return f;
            }
        }
        return null;
    }
}
