package org.qmpi4j.api.internal.log;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Lines that every rank of a job would print alike (a setting's bad value, an agent argument no
 * one declared): printed by the process of world rank 0 only, not by each of a thousand ranks.
 *
 * <p>Before {@code MPI_Init} a process does not know its rank. Launchers' environment variables
 * could tell ({@code OMPI_COMM_WORLD_RANK}, {@code PMIX_RANK}, ...), but each launcher names it
 * differently and MPJ Express passes the rank as a program argument; so such a line is held until
 * the agent learns the world rank right after {@code MPI_Init} ({@link #worldRank}), which is the
 * same for every binding and launcher. Several MPI processes may share one JVM (MPJ Express'
 * multicore mode): held lines are printed when any of them turns out to be rank 0. A JVM that ends
 * before any of its processes learned a rank prints what it holds at exit: it cannot tell whether
 * another process speaks for it, unless the launcher's environment says it is not rank 0
 * ({@link #launcherRank}): a job that ends before {@code MPI_Init} (an unknown tool) has no other
 * hint, and there rank 0 holds the same lines. A job that spawns has one rank 0 per world; the
 * first world's speaks for the job.
 */
public final class JobVoice {
    private static final Object LOCK = new Object();
    /** Guarded by {@link #LOCK}: whether some MPI process of this JVM is rank 0 of its world. */
    private static boolean rankZeroHere;
    /** Guarded by {@link #LOCK}: whether some MPI process of this JVM learned its rank. */
    private static boolean rankKnown;
    /** Guarded by {@link #LOCK}: lines waiting for a rank, each with the logger that writes it. */
    private static final List<Held> HELD = new ArrayList<>();

    private static boolean exitHook;

    private JobVoice() {}

    /** An MPI process of this JVM initialised MPI and is {@code rank} of its world; -1: could not be learned. */
    public static void worldRank(int rank) {
        worldRank(rank, System.getenv());
    }

    /**
     * As {@link #worldRank(int)}, with the process's environment, which says whether its world was
     * spawned by another: then the spawning world's rank 0 has said these lines for the job (a
     * spawned world reads the settings its parent passed on), and this world's rank 0 keeps quiet.
     */
    static void worldRank(int rank, Map<String, String> env) {
        List<Held> now;
        synchronized (LOCK) {
            if (rank < 0 || rankZeroHere) {
                return;
            }
            rankKnown = true;
            if (rank != 0) {
                return; // still held: another MPI process of this JVM may be rank 0, else never printed
            }
            if (spawned(env)) {
                HELD.clear();
                return;
            }
            rankZeroHere = true;
            now = new ArrayList<>(HELD);
            HELD.clear();
        }
        for (Held h : now) {
            h.log.write(h.line);
        }
    }

    /** Prints {@code line} through {@code log} if this JVM speaks for the world, else holds it. */
    static void say(Log log, String line) {
        synchronized (LOCK) {
            if (!rankZeroHere) {
                HELD.add(new Held(log, line));
                if (!exitHook) {
                    exitHook = true;
                    addExitHook();
                }
                return;
            }
        }
        log.write(line);
    }

    private static void addExitHook() {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(new AtExit(), "qmpi4j-held-lines"));
        } catch (IllegalStateException | SecurityException e) {
            // already exiting: the lines are lost, as any line written now could be
        }
    }

    /**
     * The world rank the launcher gave this process in its environment (Open MPI's
     * {@code OMPI_COMM_WORLD_RANK}, a PMIx or PMI launcher's {@code PMIX_RANK} or {@code PMI_RANK}),
     * or -1 where it gave none (MPJ Express passes it as an argument). Only a hint for a process
     * that ends before {@code MPI_Init}; after it, the rank comes from MPI ({@link #worldRank}).
     */
    public static int launcherRank(Map<String, String> env) {
        return firstInt(env, "OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK");
    }

    /** Whether the launcher started this process for {@code MPI_Comm_spawn} (Open MPI names the parent's port). */
    static boolean spawned(Map<String, String> env) {
        return env.containsKey("OMPI_PARENT_PORT");
    }

    /**
     * This process's rank among those of its node, as the launcher gave it in the environment (Open
     * MPI's {@code OMPI_COMM_WORLD_LOCAL_RANK}, Slurm's {@code SLURM_LOCALID}, MPICH's
     * {@code MPI_LOCALRANKID}), or -1 where it gave none: for lines every process of a node would
     * print alike.
     */
    public static int launcherLocalRank(Map<String, String> env) {
        return firstInt(env, "OMPI_COMM_WORLD_LOCAL_RANK", "SLURM_LOCALID", "MPI_LOCALRANKID");
    }

    private static int firstInt(Map<String, String> env, String... names) {
        for (String name : names) {
            String v = env.get(name);
            if (v != null) {
                try {
                    return Integer.parseInt(v.trim());
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /**
     * At exit: held lines are printed if no process of this JVM ever learned its rank, and the
     * launcher did not say it is another rank than 0.
     */
    private static final class AtExit implements Runnable {
        @Override
        public void run() {
            List<Held> now;
            synchronized (LOCK) {
                if (rankKnown || launcherRank(System.getenv()) > 0) {
                    return;
                }
                now = new ArrayList<>(HELD);
                HELD.clear();
            }
            for (Held h : now) {
                h.log.write(h.line);
            }
        }
    }

    private static final class Held {
        final Log log;
        final String line;

        Held(Log log, String line) {
            this.log = log;
            this.line = line;
        }
    }

    /** Forgets what it learned and held (tests). */
    static void reset() {
        synchronized (LOCK) {
            rankKnown = false;
            rankZeroHere = false;
            HELD.clear();
        }
    }
}
