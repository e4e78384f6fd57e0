package org.qmpi4j.agent.internal.telemetry;

import java.util.function.ToLongFunction;
import org.qmpi4j.agent.internal.jvm.JvmWatch;
import org.qmpi4j.api.jvm.JvmActivity;
import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.CvarSources;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarCell;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.Scope;
import org.qmpi4j.mpit.MpitRegistry;

/**
 * The variables of category {@code qmpi4j_jvm}: what the JVM did to the process, per kind, as
 * timers and counters a tool reads over an interval (a handle counts from its allocation), and
 * {@link #TOTALS} with everything since the JVM started, for a tool that sums up a whole run. The
 * values are the whole JVM's (in an MPJ Express multicore JVM, every rank's), except the
 * descheduled time, which is that of the thread that made the process's first MPI call.
 */
final class JvmVariables {
    /** Name of the variable holding every total since the JVM started. */
    static final String TOTALS = "qmpi4j_jvm_totals";

    /** Elements of {@link #TOTALS} before the collectors'. */
    static final int FIXED_TOTALS = 6;

    /** Elements of {@link #TOTALS} per collector. */
    static final int PER_COLLECTOR = 3;

    private final MpitRegistry r;
    private final JvmWatch watch;
    private final int category;

    private JvmVariables(MpitRegistry r, JvmWatch watch, int category) {
        this.r = r;
        this.watch = watch;
        this.category = category;
    }

    /** The variables, then the pause event {@link JvmPauseEvents#NAME}. */
    static void register(MpitRegistry r, JvmWatch watch, int category) {
        new JvmVariables(r, watch, category).registerAll();
        JvmPauseEvents.register(r, watch, category);
    }

    private void registerAll() {
        timer(
                "qmpi4j_jvm_gc_pause_time",
                "Seconds the garbage collectors stopped the application (whole JVM)",
                JvmActivity::gcPauseNanos);
        counter("qmpi4j_jvm_gc_pauses", "Garbage-collection pauses (whole JVM)", JvmActivity::gcPauses);
        timer(
                "qmpi4j_jvm_safepoint_time",
                "Seconds at safepoints that were not a garbage collection: deoptimisation, class redefinition, "
                        + "code-cache and other VM operations (whole JVM)",
                JvmActivity::safepointNanos);
        counter(
                "qmpi4j_jvm_safepoints",
                "Safepoints that were not a garbage collection (whole JVM)",
                JvmActivity::safepoints);
        timer(
                "qmpi4j_jvm_class_loading_time",
                "Seconds spent loading, linking and initialising classes, on all threads (whole JVM)",
                JvmActivity::classLoadingNanos);
        counter(
                "qmpi4j_jvm_classes_loaded",
                "Classes loaded (whole JVM, as its class-loading bean counts them)",
                JvmActivity::classesLoaded);
        timer(
                "qmpi4j_jvm_descheduled_time",
                "Seconds the thread that made the process's first MPI call was runnable but not running "
                        + "(the operating system's scheduler statistics; 0 where it has none)",
                JvmActivity::descheduledNanos);
        counter(
                "qmpi4j_jvm_descheduled",
                "Times the thread that made the process's first MPI call was taken off its CPU while it could "
                        + "have run on (its involuntary context switches; 0 where the operating system does not say)",
                JvmActivity::descheduledCount);
        r.categoryAddPvar(
                category,
                r.registerPvar(PvarDefinition.builder(TOTALS, PvarClass.GENERIC)
                        .readonly(true)
                        .continuous(true)
                        .description("Everything since the JVM started, in nanoseconds and counts: gc pause time, "
                                + "gc pauses, other safepoint time, other safepoints, class loading time, "
                                + "descheduled time, then for each collector of qmpi4j_jvm_collectors its time, "
                                + "its count and 1 if these are its pauses (0: its cycles, mostly concurrent)")
                        .source(object -> new Totals(watch))
                        .build()));
        r.categoryAddCvar(
                category,
                r.registerCvar(CvarDefinition.builder("qmpi4j_jvm_collectors", MpitDatatype.CHAR)
                        .scope(Scope.READONLY)
                        .description("The JVM's garbage collectors as its performance counters name them, "
                                + "separated by ','; empty if the JVM keeps no performance counters")
                        .source(CvarSources.stringValue(
                                AgentVariables.MAX_STRING,
                                () -> String.join(",", watch.activity().collectors()),
                                null))
                        .build()));
        r.categoryAddCvar(
                category,
                r.registerCvar(CvarDefinition.builder("qmpi4j_jvm_last_gc_cause", MpitDatatype.CHAR)
                        .scope(Scope.READONLY)
                        .description("The JVM's cause of its last garbage collection (e.g. System.gc(), "
                                + "G1 Evacuation Pause, Allocation Failure); empty if unknown")
                        .source(CvarSources.stringValue(
                                256,
                                () -> {
                                    String c = watch.activity().lastGcCause();
                                    return c == null ? "" : c;
                                },
                                null))
                        .build()));
    }

    private void timer(String name, String description, ToLongFunction<JvmActivity> nanos) {
        kind(PvarClass.TIMER, name, description, nanos);
    }

    private void counter(String name, String description, ToLongFunction<JvmActivity> count) {
        kind(PvarClass.COUNTER, name, description, count);
    }

    private void kind(PvarClass c, String name, String description, ToLongFunction<JvmActivity> value) {
        r.categoryAddPvar(
                category,
                r.registerPvar(PvarDefinition.builder(name, c)
                        .readonly(true)
                        .atomic(false)
                        .continuous(true)
                        .description(description)
                        .source(object -> new PvarCell() {
                            @Override
                            public int count() {
                                return 1;
                            }

                            @Override
                            public void sample(long[] into) {
                                into[0] = value.applyAsLong(watch.activity());
                            }
                        })
                        .build()));
    }

    /** {@link #TOTALS}: its count is fixed by the collectors when a handle is allocated. */
    private static final class Totals implements PvarCell {
        private final JvmWatch watch;
        private final int count;

        Totals(JvmWatch watch) {
            this.watch = watch;
            this.count =
                    FIXED_TOTALS + PER_COLLECTOR * watch.activity().collectors().size();
        }

        @Override
        public int count() {
            return count;
        }

        @Override
        public void sample(long[] into) {
            JvmActivity a = watch.activity();
            into[0] = a.gcPauseNanos();
            into[1] = a.gcPauses();
            into[2] = a.safepointNanos();
            into[3] = a.safepoints();
            into[4] = a.classLoadingNanos();
            into[5] = a.descheduledNanos();
            int n = Math.min(a.collectors().size(), (count - FIXED_TOTALS) / PER_COLLECTOR);
            for (int i = 0; i < n; i++) {
                into[FIXED_TOTALS + PER_COLLECTOR * i] = a.collectorNanos(i);
                into[FIXED_TOTALS + PER_COLLECTOR * i + 1] = a.collectorCount(i);
                into[FIXED_TOTALS + PER_COLLECTOR * i + 2] = a.pausing(i) ? 1 : 0;
            }
        }
    }
}
