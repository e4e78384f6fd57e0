package org.qmpi4j.mpit;

import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * Where the interface calls a variable's source (a tool's code, or the agent's): whatever the
 * source throws surfaces as the error code the text prescribes, never as a crash of the caller.
 */
final class SourceGuards {
    private SourceGuards() {}

    /**
     * Binds a variable to an object through its source: running out of memory is
     * {@code MPI_T_ERR_MEMORY}, a refused object {@code MPI_T_ERR_INVALID}, any other failure the
     * source's.
     */
    static <T> T binding(String name, @Nullable Object object, Supplier<T> bind) {
        try {
            return bind.get();
        } catch (OutOfMemoryError e) {
            throw Errors.memory("a handle for " + name, e);
        } catch (IllegalArgumentException e) {
            throw Errors.invalid(name + " cannot be bound to " + object + ": " + e.getMessage());
        } catch (RuntimeException e) {
            throw Errors.sourceFailed(name, e);
        }
    }

    /** A source's element count: at least one, or the source is broken. */
    static int checkCount(int count, String name) {
        if (count < 1) {
            throw new IllegalStateException("the source of " + name + " reported " + count + " elements");
        }
        return count;
    }

    /** Runs a handle operation; a failing source surfaces as an error code, never as a crash. */
    static boolean guarded(SessionHandle h, BooleanSupplier op) {
        try {
            return op.getAsBoolean();
        } catch (RuntimeException e) {
            throw Errors.sourceFailed(h.name(), e);
        }
    }

    /** Runs an operation on a control variable's cell, as {@link #guarded} does for handles. */
    static <T> T guarded(String variable, Supplier<T> op) {
        try {
            return op.get();
        } catch (RuntimeException e) {
            throw Errors.sourceFailed(variable, e);
        }
    }

    /**
     * {@code MPI_T_PVAR_ALL_HANDLES}: applies {@code op} to every handle of the session it concerns
     * (the others are ignored, as the text says), then fails with {@code code} if any could not be done.
     */
    static void forAll(
            SessionImpl s,
            Predicate<SessionHandle> concerns,
            Predicate<SessionHandle> op,
            ReturnCode code,
            String done) {
        int failed = 0;
        for (SessionHandle h : s.handles()) {
            if (!concerns.test(h)) {
                continue;
            }
            try {
                if (!op.test(h)) {
                    failed++;
                }
            } catch (RuntimeException e) {
                failed++;
            }
        }
        if (failed > 0) {
            throw Errors.fail(code, failed + " handle(s) of the session could not be " + done);
        }
    }
}
