package org.qmpi4j.tools.output;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.output.RankOutput;

/**
 * Rank 0's writing of the job's files at {@code MPI_Finalize} that needs no more MPI (the reports,
 * the analysis of why ranks waited), run on a thread of its own while the real {@code MPI_Finalize}
 * runs. Open MPI's {@code MPI_Finalize} holds every rank until all have entered it, so writing
 * before it kept every other rank (its memory, its node) waiting for rank 0's files; now the others
 * leave as soon as the data is gathered. The tools wait for the writing ({@link #await}) before
 * {@code MPI_Finalize} returns to the application, so nothing changes for it: the files are there
 * when it goes on, and a rank that hangs in {@code MPI_Finalize} no longer stops rank 0's files.
 *
 * <p>Steps run in the order the tools gave them (the profiler's profile before the tracer's
 * additions to it), the job's one line about the results last.
 */
public final class FinalWriting {
    /** One piece of rank 0's writing ({@link OutputSession#writeLater}). */
    public interface Step {
        /** Writes; returns the names of the files it wrote into the results folder. */
        List<String> write() throws Exception;
    }

    /** Where a step's names and faults go. */
    interface Outcome {
        /** The step given with {@code slot} ({@link #add}) wrote {@code names}. */
        void wrote(int slot, List<String> names);

        /** The step {@code what} failed with {@code e}: said once, through {@code output} where it has one. */
        void failed(@Nullable RankOutput output, String what, Throwable e);
    }

    private static final class Pending {
        final String what;
        final @Nullable RankOutput output;
        final Step step;
        final int slot;

        Pending(String what, @Nullable RankOutput output, Step step, int slot) {
            this.what = what;
            this.output = output;
            this.step = step;
            this.slot = slot;
        }
    }

    private final Outcome outcome;
    /** Guarded by {@code this}: steps not handed to a thread yet. */
    private final List<Pending> pending = new ArrayList<>();
    /** Guarded by {@code this}. */
    private @Nullable Thread thread;

    FinalWriting(Outcome outcome) {
        this.outcome = outcome;
    }

    /**
     * A step to run later, after the ones given before; {@code what} names it in a fault, {@code
     * slot} is handed back with its names ({@link Outcome#wrote}).
     */
    synchronized void add(String what, @Nullable RankOutput output, Step step, int slot) {
        pending.add(new Pending(what, output, step, slot));
    }

    /** Whether steps wait to run. */
    synchronized boolean hasSteps() {
        return !pending.isEmpty();
    }

    /**
     * Starts the steps given so far on a thread of their own (not a daemon: the JVM does not end
     * in the middle of a file). Steps given later run in {@link #await}.
     */
    synchronized void start() {
        if (pending.isEmpty() || thread != null) {
            return;
        }
        Thread t = new Thread(new RunAll(this, new ArrayList<>(pending)), "qmpi4j-results");
        pending.clear();
        thread = t;
        t.start();
    }

    /**
     * Returns when every step given so far has run: joins the thread, then runs what was given
     * after it started (or everything, if it never started) on the calling thread. An interrupt
     * does not cut the wait short; it is kept for the caller.
     */
    void await() {
        Thread t;
        synchronized (this) {
            t = thread;
        }
        if (t != null && t != Thread.currentThread()) {
            boolean interrupted = false;
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        List<Pending> left;
        synchronized (this) {
            left = new ArrayList<>(pending);
            pending.clear();
        }
        runAll(left);
    }

    private void runAll(List<Pending> steps) {
        for (Pending p : steps) {
            try {
                outcome.wrote(p.slot, p.step.write());
            } catch (Exception | LinkageError e) {
                outcome.failed(p.output, p.what, e);
            }
        }
    }

    /* A named class, not a lambda: the codebase avoids spinning hidden classes on the tools' paths. */
    private static final class RunAll implements Runnable {
        private final FinalWriting writing;
        private final List<Pending> steps;

        RunAll(FinalWriting writing, List<Pending> steps) {
            this.writing = writing;
            this.steps = steps;
        }

        @Override
        public void run() {
            writing.runAll(steps);
        }
    }
}
