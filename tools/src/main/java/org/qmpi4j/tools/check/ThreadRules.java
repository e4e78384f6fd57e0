package org.qmpi4j.tools.check;

import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.formats.check.Finding;

/**
 * The rule {@code thread_level}: MPI calls must stay within the thread support MPI provided at
 * initialisation. At {@code MPI_THREAD_SINGLE} and {@code MPI_THREAD_FUNNELED} only the thread
 * that initialised MPI may call it; at {@code MPI_THREAD_SERIALIZED} any thread may, but never two
 * at once. Java programs hand work to executors and thread pools everywhere, and a call from a
 * pool thread usually works in testing and fails under load or with another MPI library.
 *
 * <p>Per call the cost is a comparison of the current thread (and, at {@code SERIALIZED}, the
 * count of threads inside MPI that {@link Activity} keeps anyway); nothing is checked at
 * {@code MPI_THREAD_MULTIPLE} or where the level is not known.
 */
final class ThreadRules {
    static final int UNKNOWN = -1;
    static final int SINGLE = 0;
    static final int FUNNELED = 1;
    static final int SERIALIZED = 2;
    static final int MULTIPLE = 3;

    private static final String[] NAMES = {
        "MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE"
    };

    private final Checker checker;
    private volatile int level = UNKNOWN;
    /** The thread that initialized MPI; {@code null} before MPI_Init. */
    private volatile @Nullable Thread initThread;

    ThreadRules(Checker checker) {
        this.checker = checker;
    }

    /** After {@code MPI_Init}/{@code MPI_Init_thread} returned on {@code t}: the level MPI provided. */
    void initialized(int providedLevel, Thread t) {
        initThread = t;
        level = providedLevel;
    }

    /**
     * The level the binding's value {@code provided} stands for ({@link #UNKNOWN} if none): the
     * binding's constants {@code THREAD_SINGLE}, ... name them.
     */
    static int levelOf(int toolId, @Nullable Object provided) {
        if (provided == null) {
            return UNKNOWN;
        }
        String[] constants = {"THREAD_SINGLE", "THREAD_FUNNELED", "THREAD_SERIALIZED", "THREAD_MULTIPLE"};
        for (int l = 0; l < constants.length; l++) {
            try {
                if (provided.equals(Qmpi.bindingConstant(toolId, constants[l]))) {
                    return l;
                }
            } catch (RuntimeException absent) {
                // the binding names no such constant
            }
        }
        return UNKNOWN;
    }

    /** On entering {@code f} at {@code site} on thread {@code t}, with {@code inside} threads of this rank now in MPI. */
    void entered(MpiFunction f, @Nullable CallingAddress site, Thread t, int inside) {
        int l = level;
        if (l == UNKNOWN || l == MULTIPLE || anyThreadMayCall(f)) {
            return;
        }
        if (l <= FUNNELED) {
            Thread main = initThread;
            if (t != main && main != null) {
                checker.report(
                        "thread_level",
                        Finding.Severity.ERROR,
                        "this " + f + " is called from the thread \"" + t.getName() + "\", but MPI was initialized at "
                                + NAMES[l] + " by the thread \"" + main.getName() + "\", the only one that may call"
                                + " MPI then; initialize with MPI_THREAD_MULTIPLE (or MPI_THREAD_SERIALIZED if the"
                                + " threads never call MPI at the same time), or make the MPI calls on that thread",
                        Sites.of(checker.rank(), f, site));
            }
        } else if (inside > 1) {
            checker.report(
                    "thread_level",
                    Finding.Severity.ERROR,
                    "this " + f + " was called on the thread \"" + t.getName() + "\" while another thread of this"
                            + " rank was inside MPI, but MPI was initialized at MPI_THREAD_SERIALIZED, which allows"
                            + " one thread in MPI at a time; serialize the calls (one lock around them) or"
                            + " initialize with MPI_THREAD_MULTIPLE",
                    Sites.of(checker.rank(), f, site));
        }
    }

    /**
     * Calls the standard allows from any thread, at any level: those allowed even after
     * {@code MPI_Finalize}, and the thread queries.
     */
    private static boolean anyThreadMayCall(MpiFunction f) {
        return f == MpiFunction.MPI_QUERY_THREAD || f == MpiFunction.MPI_IS_THREAD_MAIN || AfterFinalize.allowed(f);
    }
}
