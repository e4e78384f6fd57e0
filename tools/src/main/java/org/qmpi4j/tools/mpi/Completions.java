package org.qmpi4j.tools.mpi;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;

/**
 * Which nonblocking requests a completion call ({@code MPI_Wait}, {@code MPI_Test} and their
 * {@code all}, {@code any}, {@code some} forms) completed, from what the call path gives a tool:
 * its request ({@link MpiCall#request()}: the request, or the array of requests) and its result
 * ({@link MpiCall#result()}). The wait forms complete what they name (one, all); the test forms
 * say whether they did (true, or a status, rather than false or null); the any and some forms name
 * indices, as numbers or as statuses. A status' index is the one thing read from a binding object
 * here: Open MPI's {@code Status.getIndex()}, MPJ Express' public field {@code index} (found by
 * reflection once per class; a status without either completes nothing that is known).
 */
public final class Completions {
    /** The calls that complete nonblocking requests. */
    public static final Set<MpiFunction> COMPLETING = EnumSet.of(
            MpiFunction.MPI_WAIT,
            MpiFunction.MPI_TEST,
            MpiFunction.MPI_WAITALL,
            MpiFunction.MPI_TESTALL,
            MpiFunction.MPI_WAITANY,
            MpiFunction.MPI_TESTANY,
            MpiFunction.MPI_WAITSOME,
            MpiFunction.MPI_TESTSOME);

    private static final Map<Class<?>, StatusIndex> INDEX = new ConcurrentHashMap<>();

    private Completions() {}

    /**
     * Adds to {@code out} the requests {@code call} (one of {@link #COMPLETING}, returned normally)
     * completed.
     */
    public static void completed(MpiCall call, List<Object> out) {
        Object request = call.request();
        if (request == null) {
            return;
        }
        Object result = call.result();
        switch (call.function()) {
            case MPI_WAIT:
                out.add(request);
                break;
            case MPI_TEST:
                if (done(result)) {
                    out.add(request);
                }
                break;
            case MPI_WAITALL:
                all(request, out);
                break;
            case MPI_TESTALL:
                if (done(result)) {
                    all(request, out);
                }
                break;
            case MPI_WAITANY:
            case MPI_TESTANY:
                one(request, indexOf(result), out);
                break;
            case MPI_WAITSOME:
            case MPI_TESTSOME:
                if (result instanceof int[]) {
                    for (int i : (int[]) result) {
                        one(request, i, out);
                    }
                } else if (result instanceof Object[]) {
                    for (Object status : (Object[]) result) {
                        one(request, indexOf(status), out);
                    }
                }
                break;
            default:
                break;
        }
    }

    private static boolean done(Object result) {
        return result instanceof Boolean ? (Boolean) result : result != null;
    }

    private static void all(Object requests, List<Object> out) {
        if (requests instanceof Object[]) {
            for (Object r : (Object[]) requests) {
                if (r != null) {
                    out.add(r);
                }
            }
        }
    }

    private static void one(Object requests, int index, List<Object> out) {
        if (requests instanceof Object[] && index >= 0 && index < ((Object[]) requests).length) {
            Object r = ((Object[]) requests)[index];
            if (r != null) {
                out.add(r);
            }
        }
    }

    /** An index given as a number or as a status; -1 if none. */
    static int indexOf(Object result) {
        if (result instanceof Integer) {
            return (Integer) result;
        }
        if (result == null) {
            return -1;
        }
        return INDEX.computeIfAbsent(result.getClass(), StatusIndex::of).read(result);
    }

    /** How a binding's status object tells its index. */
    private static final class StatusIndex {
        private final Method method;
        private final Field field;

        private StatusIndex(Method method, Field field) {
            this.method = method;
            this.field = field;
        }

        static StatusIndex of(Class<?> type) {
            try {
                Method m = type.getMethod("getIndex");
                if (m.getReturnType() == int.class
                        && Modifier.isPublic(m.getDeclaringClass().getModifiers())) {
                    return new StatusIndex(m, null);
                }
            } catch (NoSuchMethodException | SecurityException e) {
                // not Open MPI's form; try MPJ Express' below
            }
            try {
                Field f = type.getField("index");
                if (f.getType() == int.class
                        && Modifier.isPublic(f.getDeclaringClass().getModifiers())) {
                    return new StatusIndex(null, f);
                }
            } catch (NoSuchFieldException | SecurityException e) {
                // neither: no index known
            }
            return new StatusIndex(null, null);
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
                return -1;
            }
            return -1;
        }
    }
}
