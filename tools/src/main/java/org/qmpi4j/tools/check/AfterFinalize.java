package org.qmpi4j.tools.check;

import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.Finding;

/**
 * The rule {@code call_after_finalize}: once {@code MPI_Finalize} has returned, a process may only
 * ask whether MPI is initialized or finalized, its version, and the clock. A Java program gets
 * there more easily than a C one: a shutdown hook, a finalizer-like cleanup, a thread pool still
 * running or a {@code close()} in a {@code finally} block runs after {@code main} has finalized
 * MPI. The Open MPI Java binding then throws (or the library aborts the job), MPJ Express may hang.
 *
 * <p>Checked only for calls after this rank's {@code MPI_Finalize} returned: nothing on the path of
 * the calls before. Whether the call came from a JVM shutdown hook is found by asking the runtime
 * to add a hook, which it refuses while the hooks run; that costs a thread object, paid only here.
 */
final class AfterFinalize {
    private AfterFinalize() {}

    /** Whether the standard allows {@code f} after {@code MPI_Finalize}. */
    static boolean allowed(MpiFunction f) {
        switch (f) {
            case MPI_INITIALIZED:
            case MPI_FINALIZED:
            case MPI_GET_VERSION:
            case MPI_GET_LIBRARY_VERSION:
            case MPI_WTIME:
            case MPI_WTICK:
                return true;
            default:
                return false;
        }
    }

    /** Reports {@code f}, called at {@code site} on thread {@code t} after this rank finalized MPI, unless allowed. */
    static void check(Checker checker, MpiFunction f, @Nullable CallingAddress site, Thread t) {
        if (allowed(f)) {
            return;
        }
        boolean hook = inShutdownHook();
        String where = hook
                ? "from a JVM shutdown hook (the thread \"" + t.getName() + "\")"
                : "on the thread \"" + t.getName() + "\"";
        String advice = hook
                ? "do the MPI work before MPI_Finalize, and leave the hook only what needs no MPI (closing files);"
                        + " a hook runs after main returned, when MPI is finalized or about to be"
                : "make the call before MPI_Finalize (or move MPI_Finalize after it); only MPI_Initialized,"
                        + " MPI_Finalized, MPI_Get_version, MPI_Get_library_version, MPI_Wtime and MPI_Wtick"
                        + " may be called after it";
        checker.report(
                "call_after_finalize",
                Finding.Severity.ERROR,
                "this " + f + " is called " + where + " after MPI_Finalize returned on this rank; " + advice,
                Sites.of(checker.rank(), f, site));
    }

    /** Whether the JVM is running its shutdown hooks now (it refuses new ones then). */
    static boolean inShutdownHook() {
        Thread probe = new Thread(Probe.INSTANCE, "qmpi4j-shutdown-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
        } catch (IllegalStateException shuttingDown) {
            return true;
        } catch (RuntimeException refused) {
            return false; // a security manager's refusal: not known, so not said
        }
        Runtime.getRuntime().removeShutdownHook(probe);
        return false;
    }

    /** The probe's body: it is never started. */
    private enum Probe implements Runnable {
        INSTANCE;

        @Override
        public void run() {}
    }
}
