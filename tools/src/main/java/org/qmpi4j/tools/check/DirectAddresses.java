package org.qmpi4j.tools.check;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.Buffer;
import org.qmpi4j.api.Nullable;

/**
 * The native address of a direct {@code java.nio} buffer: the one JNI's
 * {@code GetDirectBufferAddress} gives a binding (Open MPI's Java binding passes it to MPI as the
 * message's start, whatever the buffer's position), so that two buffers sharing memory, such as
 * two {@code slice()}s of one buffer, are seen to overlap. It is {@code java.nio.Buffer}'s field
 * {@code address}, read through a {@link VarHandle} (no allocation); the field is private to
 * {@code java.base}, which the agent opens to its own class loader only
 * ({@code AgentStart.openNioToAgent}). Where it is not open (a JVM without the agent, a tool
 * loaded from elsewhere) every address is {@link #UNKNOWN} and buffers are compared by identity.
 */
final class DirectAddresses {
    /** The address is not known. */
    static final long UNKNOWN = -1;

    private static final @Nullable VarHandle ADDRESS = find();

    private DirectAddresses() {}

    private static @Nullable VarHandle find() {
        try {
            return MethodHandles.privateLookupIn(Buffer.class, MethodHandles.lookup())
                    .findVarHandle(Buffer.class, "address", long.class);
        } catch (ReflectiveOperationException | RuntimeException notOpen) {
            return null; // java.nio not open to this module, or a JDK without the field
        }
    }

    /** Whether addresses can be read in this JVM. */
    static boolean known() {
        return ADDRESS != null;
    }

    /** The start address of direct buffer {@code b}, or {@link #UNKNOWN}. */
    static long of(Buffer b) {
        VarHandle h = ADDRESS;
        if (h == null || !b.isDirect()) {
            return UNKNOWN;
        }
        long a = (long) h.get(b);
        return a > 0 ? a : UNKNOWN;
    }
}
