package org.qmpi4j.api.jvm;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;

/**
 * What the JVM did since it started, at one instant: its garbage-collection pauses (per
 * collector), the other safepoints, class loading, and how long the thread that calls MPI was
 * descheduled. All durations in nanoseconds, all counts since the JVM started: a tool takes two
 * readings and subtracts. For example, a tool notes the thread that calls MPI in its
 * {@code MPI_INIT} handler and sums up the run at {@code MPI_FINALIZE}:
 * <pre>{@code
 * long thread = JvmActivity.callingThread();      // in the MPI_INIT handler, on the calling thread
 * ...
 * JvmActivity a = JvmActivity.now(thread);         // at MPI_FINALIZE
 * double gcSeconds = a.gcPauseNanos() / 1e9;
 * }</pre>
 *
 * <p>Cost: nothing until {@link #now} is called; each call reads the JVM's counters file (tens of
 * kilobytes) and one {@code /proc} file, a few milliseconds of CPU the first time and tens of
 * microseconds after. Not for the call path.
 *
 * <p>From HotSpot's performance counters: a collector whose counter name ends in "pauses" (G1,
 * Parallel, Serial and ZGC on JDK 17 to 25) counts its stop-the-world pauses; Shenandoah's count
 * its cycles, which are mostly concurrent, so they are listed but not counted as pauses (their
 * pauses are in the safepoints). Every pause is a safepoint, so the safepoints that were not a
 * collection are the JVM's safepoints less the collectors' pauses. Class loading is the JVM's
 * whole time loading, linking and initialising classes (static initialisers included), on all
 * threads.
 */
public final class JvmActivity {
    /** What {@link #callingThread()} returns where the operating system names no threads. */
    public static final long NO_THREAD = SchedulerStats.NO_THREAD;

    private static final String COLLECTOR = "sun.gc.collector.";

    /** A JVM without performance counters: nothing known but the thread's scheduling. */
    private final boolean countersRead;

    private final List<String> collectors;
    private final List<Boolean> pausing;
    private final long[] collectorNanos;
    private final long[] collectorPauses;
    private final long safepointNanos;
    private final long safepoints;
    private final long classLoadingNanos;
    private final long descheduledNanos;
    private final @Nullable String lastGcCause;
    private final long classesLoaded;
    private final long descheduledCount;

    private JvmActivity(
            boolean countersRead,
            List<String> collectors,
            List<Boolean> pausing,
            long[] collectorNanos,
            long[] collectorPauses,
            long safepointNanos,
            long safepoints,
            long classLoadingNanos,
            long descheduledNanos,
            @Nullable String lastGcCause,
            long classesLoaded,
            long descheduledCount) {
        this.countersRead = countersRead;
        this.collectors = collectors;
        this.pausing = pausing;
        this.collectorNanos = collectorNanos;
        this.collectorPauses = collectorPauses;
        this.safepointNanos = safepointNanos;
        this.safepoints = safepoints;
        this.classLoadingNanos = classLoadingNanos;
        this.descheduledNanos = descheduledNanos;
        this.lastGcCause = lastGcCause;
        this.classesLoaded = classesLoaded;
        this.descheduledCount = descheduledCount;
    }

    /**
     * What the JVM did up to now, with thread {@code tid} (from {@link #callingThread()}, or
     * {@link #NO_THREAD}) as the thread whose time descheduled is counted.
     */
    public static JvmActivity now(long tid) {
        long descheduled = SchedulerStats.waitingNanos(tid);
        long switches = SchedulerStats.involuntarySwitches(tid);
        PerfData d = PerfData.read(
                COLLECTOR, "sun.rt.safepoint", "sun.cls.time", "java.cls.", "sun.os.hrt.frequency", "sun.gc.lastCause");
        if (d == null) {
            return new JvmActivity(
                    false, List.of(), List.of(), new long[0], new long[0], 0, 0, 0, descheduled, null, 0, switches);
        }
        long frequency = d.get("sun.os.hrt.frequency", 1_000_000_000L);
        List<String> names = new ArrayList<>();
        List<Boolean> pausing = new ArrayList<>();
        List<long[]> values = new ArrayList<>();
        // Collector numbers have gaps (ZGC on JDK 25 uses 0 and 2).
        for (int i = 0; i < 8; i++) {
            String name = d.string(COLLECTOR + i + ".name");
            if (name != null) {
                names.add(name);
                pausing.add(name.endsWith("pauses"));
                values.add(new long[] {
                    nanos(d.get(COLLECTOR + i + ".time", 0), frequency), d.get(COLLECTOR + i + ".invocations", 0)
                });
            }
        }
        long[] time = new long[names.size()];
        long[] count = new long[names.size()];
        for (int i = 0; i < time.length; i++) {
            time[i] = values.get(i)[0];
            count[i] = values.get(i)[1];
        }
        return new JvmActivity(
                true,
                List.copyOf(names),
                List.copyOf(pausing),
                time,
                count,
                nanos(d.get("sun.rt.safepointTime", 0), frequency),
                d.get("sun.rt.safepoints", 0),
                nanos(d.get("sun.cls.time", 0), frequency),
                descheduled,
                cause(d.string("sun.gc.lastCause")),
                // as the class-loading bean counts them: those read from the shared archive too
                d.get("java.cls.loadedClasses", 0) + d.get("java.cls.sharedLoadedClasses", 0),
                switches);
    }

    /** The calling thread's operating-system id, for {@link #now}; -1 where there is none. */
    public static long callingThread() {
        return SchedulerStats.currentThread();
    }

    /** HotSpot's cause, or {@code null} before the first collection (which it calls "No GC"). */
    private static @Nullable String cause(@Nullable String c) {
        return c == null || c.isEmpty() || c.equals("No GC") ? null : c;
    }

    private static long nanos(long ticks, long frequency) {
        return frequency == 1_000_000_000L ? ticks : (long) (ticks * (1e9 / frequency));
    }

    /** Whether the JVM's performance counters were read (else only {@link #descheduledNanos()} is known). */
    public boolean countersRead() {
        return countersRead;
    }

    /** The collectors as HotSpot names their counters, e.g. "G1 young collection pauses". */
    public List<String> collectors() {
        return collectors;
    }

    /** Whether collector {@code i}'s counters are its stop-the-world pauses (not concurrent cycles). */
    public boolean pausing(int i) {
        return pausing.get(i);
    }

    /** Collector {@code i}'s time (pauses or cycles, as {@link #pausing} says). */
    public long collectorNanos(int i) {
        return collectorNanos[i];
    }

    /** Collector {@code i}'s count (pauses or cycles, as {@link #pausing} says). */
    public long collectorCount(int i) {
        return collectorPauses[i];
    }

    /** The pausing collectors' pause time. */
    public long gcPauseNanos() {
        long sum = 0;
        for (int i = 0; i < collectorNanos.length; i++) {
            sum += pausing.get(i) ? collectorNanos[i] : 0;
        }
        return sum;
    }

    /** The pausing collectors' pauses. */
    public long gcPauses() {
        long sum = 0;
        for (int i = 0; i < collectorPauses.length; i++) {
            sum += pausing.get(i) ? collectorPauses[i] : 0;
        }
        return sum;
    }

    /** Safepoint time that was not a collection's pause. */
    public long safepointNanos() {
        return Math.max(0, safepointNanos - gcPauseNanos());
    }

    /** Safepoints that were not a collection (a collection of young and old generation at once is one). */
    public long safepoints() {
        return Math.max(0, safepoints - gcPauses());
    }

    /** Loading, linking and initialising classes, static initialisers included, on all threads. */
    public long classLoadingNanos() {
        return classLoadingNanos;
    }

    /** How long the thread given to {@link #now} was runnable but waiting for a CPU; 0 if unknown. */
    public long descheduledNanos() {
        return descheduledNanos;
    }

    /** Classes loaded since the JVM started, as {@code ClassLoadingMXBean.getTotalLoadedClassCount} counts them. */
    public long classesLoaded() {
        return classesLoaded;
    }

    /**
     * How many times the thread given to {@link #now} was taken off its CPU while it could have run
     * on (its involuntary context switches); 0 if unknown.
     */
    public long descheduledCount() {
        return descheduledCount;
    }

    /** The JVM's cause of its last collection, e.g. "System.gc()", "G1 Evacuation Pause"; {@code null} if unknown. */
    public @Nullable String lastGcCause() {
        return lastGcCause;
    }
}
