package org.qmpi4j.samples.tools;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventInstance;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * What the JVM took from this rank, through the agent's MPI_T interface alone: at initialisation
 * it allocates handles on the {@code qmpi4j_jvm} performance variables (continuous: they count
 * from their allocation) and registers for the event {@code qmpi4j_jvm_pause}; each callback
 * adds the pause's duration to its kind and cause. It reads the variables once MPI is initialised
 * and again when the application finalises MPI, and then prints
 * <pre>
 * QMPI4J-JVM-PAUSE rank=0 kind=gc events=5 ns=61234567 min_ns=11023456 cause=G1 Old Generation: System.gc()
 * QMPI4J-JVM-PVARS rank=0 at=init gc_pauses=0 safepoints=0 classes_loaded=12 descheduled=3 gc_pause_ns=0 ... gc_events=0 gc_events_ns=0 bean_collections=1 bean_ms=7
 * QMPI4J-JVM-PVARS rank=0 at=finalize gc_pauses=7 ... gc_pause_ns=63000000 ... gc_events=7 gc_events_ns=62998000 bean_collections=8 bean_ms=70
 * QMPI4J-JVM-CODES rank=0 alloc_bad_index=MPI_T_ERR_INVALID_INDEX ...
 * </pre>
 * one {@code QMPI4J-JVM-PAUSE} line per kind and cause (the cause last, as it may hold spaces),
 * the variables as read at each point (timers in nanoseconds) with the {@code gc} events that had
 * come by then (their number and nanoseconds) and the collections the JVM's collector beans had
 * counted by then (their number and whole milliseconds, since the JVM started), and the return codes of MPI_T calls
 * the tool makes on purpose wrong (and right) on the event's registration, its instances and the
 * variables' handles. Events come on the JVM's own threads, at {@link CallbackSafety#THREAD_SAFE}:
 * the callback only copies the elements and adds to a map under a lock.
 */
public final class JvmPausesTool implements ToolProvider {
    static final String EVENT = "qmpi4j_jvm_pause";

    /** Counters read through the session, in this order, with their class. */
    private static final String[] COUNTERS = {
        "qmpi4j_jvm_gc_pauses", "qmpi4j_jvm_safepoints", "qmpi4j_jvm_classes_loaded", "qmpi4j_jvm_descheduled"
    };

    private static final String[] TIMERS = {
        "qmpi4j_jvm_gc_pause_time",
        "qmpi4j_jvm_safepoint_time",
        "qmpi4j_jvm_class_loading_time",
        "qmpi4j_jvm_descheduled_time"
    };

    /** Events of one kind and cause. */
    static final class Sum {
        long events;
        long nanos;
        long minNanos = Long.MAX_VALUE;
        long count;
    }

    /** Per-instance storage: the interface, the registration, the handles and what came. */
    static final class State {
        MpiT mpit;
        EventRegistration registration;
        PvarSession session;
        final PvarHandle[] counters = new PvarHandle[COUNTERS.length];
        final PvarHandle[] timers = new PvarHandle[TIMERS.length];
        /** Kind, then cause: the events' sums. */
        final Map<String, Map<String, Sum>> sums = new TreeMap<>();
        /** The return codes, in the order they were asked (the callback's on the JVM's thread, any time). */
        final Map<String, String> codes = java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>());

        final StringBuilder readings = new StringBuilder();

        @org.qmpi4j.api.Nullable
        EventInstance kept;

        long dropped;
        int kindLength;
        int causeLength;
    }

    @Override
    public String name() {
        return "jvm-pauses";
    }

    @Override
    public String description() {
        return "sums the agent's MPI_T event qmpi4j_jvm_pause per kind and cause and reads the qmpi4j_jvm variables"
                + " (sample tool)";
    }

    @Override
    public void initialize(int toolId) {
        State s = new State();
        s.mpit = Qmpi.mpit(toolId);
        s.mpit.initThread(ThreadLevel.MULTIPLE);
        MpiT m = s.mpit;
        // Variables first: their handles count from here, so they see every pause an event reports.
        s.session = m.pvarSessionCreate();
        for (int i = 0; i < COUNTERS.length; i++) {
            s.counters[i] = m.pvarHandleAlloc(s.session, m.pvarGetIndex(COUNTERS[i], PvarClass.COUNTER), null);
        }
        for (int i = 0; i < TIMERS.length; i++) {
            s.timers[i] = m.pvarHandleAlloc(s.session, m.pvarGetIndex(TIMERS[i], PvarClass.TIMER), null);
        }
        int index = m.eventGetIndex(EVENT);
        var elements = m.eventGetInfo(index).elements();
        s.kindLength = elements.get(0).length();
        s.causeLength = elements.get(1).length();
        s.codes.put("get_index_unknown", code(() -> m.eventGetIndex(EVENT + "_no_such_event")));
        s.codes.put("alloc_bad_index", code(() -> m.eventHandleAlloc(-1, null, null)));
        // Bound to no object: an object given is ignored (and this registration is freed at once).
        EventRegistration[] extra = new EventRegistration[1];
        s.codes.put("alloc_with_object", code(() -> extra[0] = m.eventHandleAlloc(index, "an object", null)));
        if (extra[0] != null) {
            EventRegistration e = extra[0];
            s.codes.put("free", code(() -> m.eventHandleFree(e, null)));
            s.codes.put("free_again", code(() -> m.eventHandleFree(e, null)));
            s.codes.put("register_after_free", code(() -> m.eventRegisterCallback(e, CallbackSafety.NONE, null, null)));
        }
        s.registration = m.eventHandleAlloc(index, null, null);
        s.codes.put(
                "register_null_level",
                code(() -> m.eventRegisterCallback(s.registration, null, null, (i, g, l) -> {})));
        s.codes.put(
                "register",
                code(() -> m.eventRegisterCallback(
                        s.registration, CallbackSafety.THREAD_SAFE, null, (i, g, l) -> record(s, i))));
        m.eventSetDroppedHandler(s.registration, (n, g, source, l) -> {
            synchronized (s) {
                s.dropped += n;
            }
        });
        s.codes.put("start_continuous", code(() -> m.pvarStart(s.session, s.counters[0])));
        s.codes.put("write_readonly", code(() -> m.pvarWrite(s.session, s.counters[0], new long[1])));
        s.codes.put("read_wrong_buffer", code(() -> m.pvarRead(s.session, s.timers[0], new long[1])));
        Qmpi.registerToolStorage(toolId, s);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT, JvmPausesTool::afterInit);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT_THREAD, JvmPausesTool::afterInit);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_FINALIZE, JvmPausesTool::printAtFinalize);
    }

    /** The return code of one MPI_T call, as MPI_T names it. */
    private static String code(Runnable call) {
        try {
            call.run();
            return ReturnCode.SUCCESS.name();
        } catch (MpitException e) {
            return e.code().name();
        }
    }

    /** The callback: copies the elements (valid only while it runs) and adds them up. */
    private static void record(State s, EventInstance instance) {
        byte[] kind = new byte[s.kindLength];
        byte[] cause = new byte[s.causeLength];
        long[] nanos = new long[1];
        long[] count = new long[1];
        s.mpit.eventRead(instance, 0, kind);
        s.mpit.eventRead(instance, 1, cause);
        s.mpit.eventRead(instance, 2, nanos);
        s.mpit.eventRead(instance, 3, count);
        synchronized (s) {
            if (s.kept == null) { // the first event: what reading it wrongly answers
                s.kept = instance;
                s.codes.put("read_bad_element", code(() -> s.mpit.eventRead(instance, 4, new long[1])));
                s.codes.put("read_wrong_buffer_type", code(() -> s.mpit.eventRead(instance, 2, new int[1])));
            }
            Sum sum = s.sums.computeIfAbsent(text(kind), k -> new TreeMap<>())
                    .computeIfAbsent(text(cause), c -> new Sum());
            sum.events++;
            sum.nanos += nanos[0];
            sum.minNanos = Math.min(sum.minNanos, nanos[0]);
            sum.count += count[0];
        }
    }

    private static String text(byte[] cString) {
        int end = 0;
        while (end < cString.length && cString[end] != 0) {
            end++;
        }
        return new String(cString, 0, end, StandardCharsets.UTF_8);
    }

    private static Object afterInit(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Object result = Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
        State s = Qmpi.getToolStorage(context, toolId);
        read(s, ToolOutput.worldRank(toolId), "init");
        return result;
    }

    /**
     * One {@code QMPI4J-JVM-PVARS} line of the variables as they read now, with the {@code gc} events
     * that had come by then. A read of the variables returns once the events of the pauses it counts
     * have come, but a pause just after it may have its event before the events are summed (or be in
     * the beans read with them): then the whole is read again (after the agent's reading kept fresh for 5 ms), up to three times.
     */
    private static void read(State s, int rank, String at) {
        String line = "";
        for (int attempt = 0; attempt < 3; attempt++) {
            long[] before = gcEvents(s);
            long[] beansBefore = beans();
            line = variables(s, rank, at);
            long[] beansAfter = beans();
            long[] after = gcEvents(s);
            line += " gc_events=" + after[0] + " gc_events_ns=" + after[1] + " bean_collections=" + beansAfter[0]
                    + " bean_ms=" + beansAfter[1];
            if (before[0] == after[0] && beansBefore[0] == beansAfter[0]) {
                break;
            }
            try {
                Thread.sleep(6);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        s.readings.append(line).append('\n');
    }

    /** {collections, their milliseconds} of all the JVM's collector beans, since it started. */
    private static long[] beans() {
        long[] c = new long[2];
        for (java.lang.management.GarbageCollectorMXBean b :
                java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            c[0] += b.getCollectionCount();
            c[1] += b.getCollectionTime();
        }
        return c;
    }

    /** The {@code gc} events that have come: {their number, their nanoseconds}. */
    private static long[] gcEvents(State s) {
        long events = 0;
        long nanos = 0;
        synchronized (s) {
            for (Sum sum : s.sums.getOrDefault("gc", Map.of()).values()) {
                events += sum.events;
                nanos += sum.nanos;
            }
        }
        return new long[] {events, nanos};
    }

    /** The variables' part of a {@code QMPI4J-JVM-PVARS} line. */
    private static String variables(State s, int rank, String at) {
        StringBuilder line = new StringBuilder("QMPI4J-JVM-PVARS rank=")
                .append(rank)
                .append(" at=")
                .append(at);
        long[] one = new long[1];
        for (int i = 0; i < COUNTERS.length; i++) {
            s.mpit.pvarRead(s.session, s.counters[i], one);
            line.append(' ')
                    .append(COUNTERS[i].substring("qmpi4j_jvm_".length()))
                    .append('=')
                    .append(one[0]);
        }
        double[] seconds = new double[1];
        for (int i = 0; i < TIMERS.length; i++) {
            s.mpit.pvarRead(s.session, s.timers[i], seconds);
            String name = TIMERS[i].substring("qmpi4j_jvm_".length(), TIMERS[i].length() - "_time".length());
            line.append(' ').append(name).append("_ns=").append(Math.round(seconds[0] * 1e9));
        }
        return line.toString();
    }

    private static Object printAtFinalize(QmpiContext context, int toolId, MpiCall call) throws Exception {
        State s = Qmpi.getToolStorage(context, toolId);
        int rank = ToolOutput.worldRank(toolId);
        read(s, rank, "finalize");
        Object result = Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
        StringBuilder out = new StringBuilder();
        synchronized (s) {
            EventInstance kept = s.kept;
            if (kept != null) {
                s.codes.put("read_after_callback", code(() -> s.mpit.eventRead(kept, 2, new long[1])));
            }
            s.codes.put("free_registration", code(() -> s.mpit.eventHandleFree(s.registration, null)));
            s.sums.forEach((kind, causes) -> causes.forEach((cause, sum) -> out.append("QMPI4J-JVM-PAUSE rank=")
                    .append(rank)
                    .append(" kind=")
                    .append(kind)
                    .append(" events=")
                    .append(sum.events)
                    .append(" ns=")
                    .append(sum.nanos)
                    .append(" min_ns=")
                    .append(sum.minNanos)
                    .append(" count=")
                    .append(sum.count)
                    .append(" cause=")
                    .append(cause)
                    .append('\n')));
            out.append(s.readings);
            out.append("QMPI4J-JVM-CODES rank=").append(rank);
            synchronized (s.codes) {
                s.codes.forEach(
                        (what, code) -> out.append(' ').append(what).append('=').append(code));
            }
            out.append(" dropped=").append(s.dropped).append('\n');
        }
        ToolOutput.print(out);
        s.mpit.pvarSessionFree(s.session);
        s.mpit.finalizeInterface();
        return result;
    }
}
