package org.qmpi4j.tools.output;

import java.util.Map;
import java.util.WeakHashMap;
import org.qmpi4j.api.Nullable;

/**
 * Sees the exception that ends a rank's main thread (the thread that initialised MPI), so that the
 * rank's results say how it failed: the JVM's default handler for uncaught exceptions, put in
 * front of the one there was. It records, then does exactly what would have happened without it:
 * the previous default handler, or else the JDK's own message ({@code Exception in thread "main"}
 * and the stack trace on stderr). Other threads' exceptions are passed on untouched: they do not
 * end the program, and {@code java}'s exit status does not change for them.
 *
 * <p>Installed at the first results session of the JVM: one small class for every rank, since an
 * exception cannot be seen after the fact.
 */
final class MainThreadWatch implements Thread.UncaughtExceptionHandler {
    /** Each watched thread's session; guarded by the class. Weak: a thread that ended goes. */
    private static final Map<Thread, OutputSession> MAINS = new WeakHashMap<>();

    private static @Nullable MainThreadWatch installed;

    private final Thread.UncaughtExceptionHandler previous;

    private MainThreadWatch(Thread.UncaughtExceptionHandler previous) {
        this.previous = previous;
    }

    /** From now on an exception that ends {@code main} is recorded in {@code session}. */
    static void watch(Thread main, OutputSession session) {
        synchronized (MainThreadWatch.class) {
            MAINS.put(main, session);
            Thread.UncaughtExceptionHandler current = Thread.getDefaultUncaughtExceptionHandler();
            if (installed == null || current != installed) {
                // First time, or the application put a handler of its own in since: in front of it.
                installed = new MainThreadWatch(current);
                Thread.setDefaultUncaughtExceptionHandler(installed);
            }
        }
    }

    @Override
    public void uncaughtException(Thread t, Throwable e) {
        OutputSession session;
        synchronized (MainThreadWatch.class) {
            session = MAINS.get(t);
        }
        if (session != null) {
            try {
                session.mainThreadFailed(e);
            } catch (RuntimeException | LinkageError ignored) {
                // the agent never changes how the application ends; the session reports its own faults
            }
        }
        if (previous != null) {
            previous.uncaughtException(t, e);
        } else if (!"java.lang.ThreadDeath".equals(e.getClass().getName())) {
            // As ThreadGroup.uncaughtException prints it when no default handler is set.
            System.err.print("Exception in thread \"" + t.getName() + "\" ");
            e.printStackTrace(System.err);
        }
    }
}
