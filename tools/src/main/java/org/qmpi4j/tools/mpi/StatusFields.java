package org.qmpi4j.tools.mpi;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a binding's status object says about the message it describes: its source, its tag and,
 * for the {@code any} and {@code some} completions, the index of the request. Open MPI's status
 * has getters ({@code getSource()}, {@code getTag()}, {@code getIndex()}); MPJ Express' has public
 * fields ({@code source}, {@code tag}, {@code index}). Each class is looked at once; a status with
 * neither form tells nothing ({@link #UNKNOWN}).
 */
public final class StatusFields {
    /** What a status that does not tell gives. */
    public static final int UNKNOWN = -1;

    private static final Map<Class<?>, StatusFields> BY_CLASS = new ConcurrentHashMap<>();

    private final Reader source;
    private final Reader tag;
    private final Reader index;

    private StatusFields(Class<?> type) {
        source = Reader.of(type, "getSource", "source");
        tag = Reader.of(type, "getTag", "tag");
        index = Reader.of(type, "getIndex", "index");
    }

    /** The source rank (in the communicator of the receive) of {@code status}, or {@link #UNKNOWN}. */
    public static int source(Object status) {
        return status == null ? UNKNOWN : of(status).source.read(status);
    }

    /** The tag of the message {@code status} describes, or {@link #UNKNOWN}. */
    public static int tag(Object status) {
        return status == null ? UNKNOWN : of(status).tag.read(status);
    }

    /** The index of the completed request {@code status} names, or {@link #UNKNOWN}. */
    public static int index(Object status) {
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

    /** One int a status tells, by a public getter or a public field. */
    private static final class Reader {
        private final Method method;
        private final Field field;

        private Reader(Method method, Field field) {
            this.method = method;
            this.field = field;
        }

        static Reader of(Class<?> type, String getter, String fieldName) {
            try {
                Method m = type.getMethod(getter);
                if (m.getReturnType() == int.class
                        && Modifier.isPublic(m.getDeclaringClass().getModifiers())) {
                    return new Reader(m, null);
                }
            } catch (NoSuchMethodException | SecurityException e) {
                // not Open MPI's form; try MPJ Express' below
            }
            try {
                Field f = type.getField(fieldName);
                if (f.getType() == int.class
                        && Modifier.isPublic(f.getDeclaringClass().getModifiers())) {
                    return new Reader(null, f);
                }
            } catch (NoSuchFieldException | SecurityException e) {
                // neither: nothing known
            }
            return new Reader(null, null);
        }

        int read(Object status) {
            try {
                if (method != null) {
                    return (Integer) method.invoke(status);
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
