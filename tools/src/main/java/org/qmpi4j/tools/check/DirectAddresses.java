package org.qmpi4j.tools.check;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.nio.Buffer;
import java.util.Optional;
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

    /**
     * Each direct buffer class's {@code att} field: the buffer that owns the memory a view or a
     * slice shares ({@code asIntBuffer()}, {@code slice()}, {@code MPI.slice}), flattened by the JDK
     * to the root, or {@code null} in the buffer that owns its memory itself. A class, not a lambda:
     * nothing is spun at start.
     */
    private static final class Attachments extends ClassValue<Optional<VarHandle>> {
        @Override
        protected Optional<VarHandle> computeValue(Class<?> type) {
            try {
                return Optional.of(MethodHandles.privateLookupIn(type, MethodHandles.lookup())
                        .findVarHandle(type, "att", Object.class));
            } catch (ReflectiveOperationException | RuntimeException notOpen) {
                return Optional.empty();
            }
        }
    }

    private static final Attachments ATTACHMENTS = new Attachments();

    /**
     * Each owning buffer class's {@code cleaner} field: what frees its memory once the buffer is
     * collected. A buffer JNI made over native memory ({@code NewDirectByteBuffer}) has none, and
     * collecting it frees nothing.
     */
    private static final class Cleaners extends ClassValue<Optional<VarHandle>> {
        @Override
        protected Optional<VarHandle> computeValue(Class<?> type) {
            for (Class<?> k = type; k != null; k = k.getSuperclass()) {
                try {
                    Field f = k.getDeclaredField("cleaner");
                    return Optional.of(MethodHandles.privateLookupIn(k, MethodHandles.lookup())
                            .unreflectVarHandle(f));
                } catch (NoSuchFieldException next) {
                    // declared higher up
                } catch (ReflectiveOperationException | RuntimeException notOpen) {
                    return Optional.empty();
                }
            }
            return Optional.empty();
        }
    }

    private static final Cleaners CLEANERS = new Cleaners();

    /**
     * The buffer whose memory direct buffer {@code b} is (itself, or the one it views or slices):
     * the JVM frees the memory when that one is collected, not when a view is. {@code null} where
     * it cannot be read (java.nio not open, as for addresses), and where collecting the owner frees
     * nothing (no cleaner: memory JNI handed over). Where the JDK has no {@code cleaner} field to
     * read, an owner is taken to have one, as every {@code allocateDirect} buffer does.
     */
    static @Nullable Object memoryOwner(Buffer b) {
        if (ADDRESS == null || !b.isDirect()) {
            return null;
        }
        Optional<VarHandle> att = ATTACHMENTS.get(b.getClass());
        if (att.isEmpty()) {
            return null;
        }
        Object owner = att.get().get(b);
        Object memory = owner != null ? owner : b;
        Optional<VarHandle> cleaner = CLEANERS.get(memory.getClass());
        return cleaner.isPresent() && (Object) cleaner.get().get(memory) == null ? null : memory;
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
