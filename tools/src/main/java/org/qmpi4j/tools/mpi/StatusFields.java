package org.qmpi4j.tools.mpi;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.QmpiBackend;

/**
 * What a binding's status object says about the message it describes: its source, its tag and,
 * for the {@code any} and {@code some} completions, the index of the request. Where each is kept is
 * the binding descriptor's to say ({@code status} lines, {@link QmpiBackend#statusMember}): Open
 * MPI's status has getters ({@code getSource()}, ...), MPJ Express' public fields
 * ({@code source}, ...). Each class is looked at once, it and its superclasses; a status
 * no descriptor describes tells nothing ({@link #UNKNOWN}).
 */
public final class StatusFields {
    /** What a status that does not tell gives. */
    public static final int UNKNOWN = -1;

    private static final Map<Class<?>, StatusFields> BY_CLASS = new ConcurrentHashMap<>();

    private final Reader source;
    private final Reader tag;
    private final Reader index;

    private StatusFields(Class<?> type) {
        source = Reader.of(type, "source");
        tag = Reader.of(type, "tag");
        index = Reader.of(type, "index");
    }

    /** The source rank (in the communicator of the receive) of {@code status}, or {@link #UNKNOWN}. */
    public static int source(@Nullable Object status) {
        return status == null ? UNKNOWN : of(status).source.read(status);
    }

    /** The tag of the message {@code status} describes, or {@link #UNKNOWN}. */
    public static int tag(@Nullable Object status) {
        return status == null ? UNKNOWN : of(status).tag.read(status);
    }

    /** The index of the completed request {@code status} names, or {@link #UNKNOWN}. */
    public static int index(@Nullable Object status) {
        return status == null ? UNKNOWN : of(status).index.read(status);
    }

    private static StatusFields of(Object status) {
        Class<?> type = status.getClass();
        StatusFields f = BY_CLASS.get(type);
        if (f == null) {
            f = new StatusFields(type);
            BY_CLASS.put(type, f);
        }
        return f;
    }

    /** One int a status tells, by the public getter or public field its descriptor names. */
    private static final class Reader {
        private static final Reader NONE = new Reader(null, null);
        /** A getter's arguments: none, made once (a call with none would make an empty array each time). */
        private static final Object[] NO_ARGUMENTS = new Object[0];

        /** The getter, or {@code null} where the status tells it by a field (or not at all). */
        private final @Nullable Method method;

        private final @Nullable Field field;

        private Reader(@Nullable Method method, @Nullable Field field) {
            this.method = method;
            this.field = field;
        }

        static Reader of(Class<?> type, String what) {
            String[] member = null;
            try {
                QmpiBackend backend = QmpiBackend.current();
                for (Class<?> c = type; c != null && c != Object.class && member == null; c = c.getSuperclass()) {
                    member = backend.statusMember(c, what);
                }
            } catch (IllegalStateException e) {
                return NONE; // no agent: no descriptor to ask
            }
            if (member == null) {
                return NONE;
            }
            try {
                if (member[1].startsWith("(")) {
                    Method m = type.getMethod(member[0]);
                    if (m.getReturnType() == int.class
                            && Modifier.isPublic(m.getDeclaringClass().getModifiers())) {
                        return new Reader(m, null);
                    }
                } else {
                    Field f = type.getField(member[0]);
                    if (f.getType() == int.class
                            && Modifier.isPublic(f.getDeclaringClass().getModifiers())) {
                        return new Reader(null, f);
                    }
                }
            } catch (NoSuchMethodException | NoSuchFieldException | SecurityException e) {
                // the descriptor names a member this class lacks: nothing known
            }
            return NONE;
        }

        int read(Object status) {
            try {
                if (method != null) {
                    return (Integer) method.invoke(status, NO_ARGUMENTS);
                }
                if (field != null) {
                    return field.getInt(status);
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                return UNKNOWN;
            }
            return UNKNOWN;
        }
    }
}
