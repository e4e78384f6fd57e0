package org.qmpi4j.tools.mpi;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * Which nonblocking requests a completion call ({@code MPI_Wait}, {@code MPI_Test} and their
 * {@code all}, {@code any}, {@code some} forms) completed, from what the call path gives a tool:
 * its request ({@link MpiCall#request()}: the request, or the array of requests) and its result
 * ({@link MpiCall#result()}). The wait forms complete what they name (one, all); the test forms
 * say whether they did (true, or a status, rather than false or null); the any and some forms name
 * indices, as numbers or as statuses ({@link StatusFields#index}; a status that does not tell its
 * index completes nothing that is known).
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

    private Completions() {}

    /**
     * Adds to {@code out} the requests {@code call} (one of {@link #COMPLETING}, returned normally)
     * completed.
     */
    public static void completed(MpiCall call, List<Object> out) {
        completed(call, out, null);
    }

    /**
     * As {@link #completed(MpiCall, List)}, and adds to {@code statuses} (unless {@code null}), for
     * each request added, the status the call returned for it, or {@code null} where it returned
     * none (Open MPI's {@code waitFor()}, {@code waitAll}, ...).
     */
    public static void completed(MpiCall call, List<Object> out, @Nullable List<Object> statuses) {
        Object request = call.request();
        if (request == null) {
            return;
        }
        Object result = call.result();
        Object status = result instanceof Boolean || result instanceof Integer ? null : result;
        switch (call.function()) {
            case MPI_WAIT:
                add(out, statuses, request, status);
                break;
            case MPI_TEST:
                if (done(result)) {
                    add(out, statuses, request, status);
                }
                break;
            case MPI_WAITALL:
                all(request, result, out, statuses);
                break;
            case MPI_TESTALL:
                if (done(result)) {
                    all(request, result, out, statuses);
                }
                break;
            case MPI_WAITANY:
            case MPI_TESTANY:
                one(request, indexOf(result), status, out, statuses);
                break;
            case MPI_WAITSOME:
            case MPI_TESTSOME:
                if (result instanceof int[]) {
                    for (int i : (int[]) result) {
                        one(request, i, null, out, statuses);
                    }
                } else if (result instanceof Object[]) {
                    for (Object s : (Object[]) result) {
                        one(request, indexOf(s), s, out, statuses);
                    }
                }
                break;
            default:
                break;
        }
    }

    private static void add(
            List<Object> out, @Nullable List<Object> statuses, Object request, @Nullable Object status) {
        out.add(request);
        if (statuses != null) {
            statuses.add(status);
        }
    }

    private static boolean done(@Nullable Object result) {
        return result instanceof Boolean ? (Boolean) result : result != null;
    }

    /** Every request of the array; the statuses, one per request in order, when the call returned them. */
    private static void all(
            Object requests, @Nullable Object result, List<Object> out, @Nullable List<Object> statuses) {
        if (requests instanceof Object[]) {
            Object[] rs = (Object[]) requests;
            Object[] ss =
                    result instanceof Object[] && ((Object[]) result).length == rs.length ? (Object[]) result : null;
            for (int i = 0; i < rs.length; i++) {
                if (rs[i] != null) {
                    add(out, statuses, rs[i], ss == null ? null : ss[i]);
                }
            }
        }
    }

    private static void one(
            Object requests, int index, @Nullable Object status, List<Object> out, @Nullable List<Object> statuses) {
        if (requests instanceof Object[] && index >= 0 && index < ((Object[]) requests).length) {
            Object r = ((Object[]) requests)[index];
            if (r != null) {
                add(out, statuses, r, status);
            }
        }
    }

    /** An index given as a number or as a status; -1 if none. */
    static int indexOf(@Nullable Object result) {
        if (result instanceof Integer) {
            return (Integer) result;
        }
        return StatusFields.index(result);
    }
}
