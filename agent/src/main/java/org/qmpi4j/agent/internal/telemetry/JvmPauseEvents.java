package org.qmpi4j.agent.internal.telemetry;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import org.qmpi4j.agent.internal.jvm.JvmWatch;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.jvm.JvmActivity;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventDefinition;
import org.qmpi4j.api.mpit.EventType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.SourceOrder;
import org.qmpi4j.mpit.MpitRegistry;

/**
 * The MPI_T event {@code qmpi4j_jvm_pause}: one per stretch of time the JVM or the operating
 * system took from the application, with its kind ({@code gc}, {@code safepoint},
 * {@code class_loading}, {@code descheduled}), cause and duration, from a source of its own.
 *
 * <p>Nothing runs until a tool registers for it (the event type's demand): then a listener on the
 * garbage collectors' notifications gives one event per collection pause that ended after it
 * started (a notification may come late: one of a collection counted before is left out, by the
 * collector's count of collections then), with the collector's
 * name and the JVM's cause, its duration from the collectors' pause counters (nanoseconds, where
 * the notification holds whole milliseconds): what they moved by since the last notification, or,
 * when they counted further pauses whose notifications are still to come, the notification's
 * milliseconds (see {@link #share}) and the rest to those, so the events' durations sum to the
 * counters' time; and a daemon thread reads
 * the JVM's counters every {@link #POLL_MS} ms and gives, per kind that moved, one event for what
 * the other kinds took in that period (the counters know no single safepoint, class or
 * descheduling). The last registration's free removes both. Events are raised at
 * {@link CallbackSafety#THREAD_SAFE}, on the JVM's notification thread or the poller, never on an
 * application thread.
 *
 * <p>The JVM counts a pause in its counters and its collector's bean at the pause's end, but sends
 * the notification later, from its notification thread, when that thread gets a CPU (milliseconds
 * after, tens of them for the first, more under load). So that the {@code qmpi4j_jvm} variables
 * never count a pause whose event has not come, while the event is watched their readings come
 * from {@link Watcher#settledReading}: one taken when the notifications of every collection the
 * watched beans counted have been handled (the events raised and their callbacks returned),
 * waiting for them up to {@link #SETTLE_MS} ms.
 */
final class JvmPauseEvents {
    static final String NAME = "qmpi4j_jvm_pause";
    static final String SOURCE = "qmpi4j_jvm";
    static final int KIND_LENGTH = 16;
    static final int CAUSE_LENGTH = 96;
    /** Period of the counters' poll while the event is watched. */
    static final long POLL_MS = 10;

    /**
     * How long a reading of the variables waits for the notifications of collections already
     * counted: the notification thread's delay, even on a loaded machine, is far less; more only
     * when it is blocked, e.g. by a callback waiting for a lock that the reading thread holds.
     */
    static final long SETTLE_MS = 2_000;

    private final JvmWatch watch;
    private final EventType type;
    private @Nullable Watcher watcher;

    private JvmPauseEvents(MpitRegistry r, JvmWatch watch, int category) {
        this.watch = watch;
        int source = r.registerSource(
                SOURCE,
                "What the JVM and the operating system took from the application: System.nanoTime ticks",
                SourceOrder.UNORDERED);
        this.type = r.registerEventType(
                EventDefinition.builder(NAME)
                        .description("The JVM or the operating system stopped the application: kind gc (one per "
                                + "collection pause; cause: collector and the JVM's cause), or safepoint, "
                                + "class_loading or descheduled (what the counters moved by in "
                                + POLL_MS
                                + " ms; count: safepoints, else 0)")
                        .source(source)
                        .element("kind", MpitDatatype.CHAR, KIND_LENGTH)
                        .element("cause", MpitDatatype.CHAR, CAUSE_LENGTH)
                        .element("duration_ns", MpitDatatype.COUNT)
                        .element("count", MpitDatatype.COUNT)
                        .build(),
                this::demand);
        r.categoryAddEvent(category, type.index());
    }

    static JvmPauseEvents register(MpitRegistry r, JvmWatch watch, int category) {
        return new JvmPauseEvents(r, watch, category);
    }

    /** Whether the listener and poller run (only while a registration exists). */
    synchronized boolean running() {
        return watcher != null;
    }

    private synchronized void demand(int delta) {
        if (delta > 0 && watcher == null) {
            Watcher w = new Watcher();
            w.start();
            watch.readThrough(w::settledReading);
            watcher = w;
        } else if (delta < 0 && watcher != null) {
            watch.readThrough(null);
            watcher.stop();
            watcher = null;
        }
    }

    private void raise(String kind, String cause, long nanos, long count) {
        if (nanos > 0 && type.isWatched()) {
            type.raise(CallbackSafety.THREAD_SAFE, null, kind, cause, nanos, count);
        }
    }

    /** The collectors' listener and the counters' poller of one watched period. */
    private final class Watcher implements NotificationListener, Runnable {
        /** The collectors' beans listened to, in the order of their handback. */
        private final List<GarbageCollectorMXBean> beans = new ArrayList<>();

        private final List<NotificationEmitter> emitters = new ArrayList<>();

        /**
         * The thread that delivers the notifications (the JVM has one): a reading on it, by a callback
         * or by another listener, cannot wait for a notification that comes after it on the same thread.
         */
        private volatile @Nullable Thread notifier;

        private final Thread poller = new Thread(this, "qmpi4j-jvm-pauses");
        private volatile boolean stopped;
        private long gcNanos;
        private long gcPauses;
        /** Pauses the counters counted whose notification has not come yet, and their time. */
        private long unclaimedNanos;

        private long unclaimedPauses;
        private long safepointNanos;
        private long safepoints;
        private long classNanos;
        private long descheduledNanos;
        /** Each watched collector's count of collections at the start: notifications of these are not ours. */
        private long[] startCounts = new long[0];

        /** Per watched collector, the last collection whose notification was handled (its id, its count). */
        private long[] handled = new long[0];

        void start() {
            for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (b instanceof NotificationEmitter && pausing(b.getName())) {
                    beans.add(b);
                }
            }
            startCounts = new long[beans.size()];
            synchronized (this) {
                for (int i = 0; i < beans.size(); i++) {
                    // the handback tells the collector, to hold a notification's id against its count
                    ((NotificationEmitter) beans.get(i)).addNotificationListener(this, null, i);
                    emitters.add((NotificationEmitter) beans.get(i));
                }
                // The counters and each collector's count as one reading: a collection counts in both at
                // once (at a safepoint), so equal pause counts before and after mean none came between.
                JvmActivity a = watch.fresh();
                for (int tries = 0; tries < 10; tries++) {
                    for (int i = 0; i < beans.size(); i++) {
                        startCounts[i] = beans.get(i).getCollectionCount();
                    }
                    JvmActivity b = watch.fresh();
                    if (b.gcPauses() == a.gcPauses()) {
                        break;
                    }
                    a = b;
                }
                handled = startCounts.clone();
                gcNanos = a.gcPauseNanos();
                gcPauses = a.gcPauses();
                safepointNanos = a.safepointNanos();
                safepoints = a.safepoints();
                classNanos = a.classLoadingNanos();
                descheduledNanos = a.descheduledNanos();
            }
            poller.setDaemon(true);
            poller.start();
        }

        void stop() {
            stopped = true;
            synchronized (this) {
                notifyAll(); // no reading waits for a notification any more
            }
            poller.interrupt();
            for (NotificationEmitter e : emitters) {
                try {
                    e.removeNotificationListener(this);
                } catch (ListenerNotFoundException ignored) {
                    // already gone: nothing to remove
                }
            }
        }

        @Override
        public void handleNotification(Notification n, Object handback) {
            notifier = Thread.currentThread();
            if (stopped
                    || !GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())
                    || !(n.getUserData() instanceof CompositeData)) {
                return;
            }
            long id = -1;
            try {
                GarbageCollectionNotificationInfo info =
                        GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                id = info.getGcInfo().getId();
                long nanos;
                synchronized (this) {
                    // A collection that ended before the start (its notification late): its pause is in the
                    // counters' starting values, and no registration was watching when it happened.
                    if (handback instanceof Integer
                            && (Integer) handback < startCounts.length
                            && info.getGcInfo().getId() <= startCounts[(Integer) handback]) {
                        return;
                    }
                    JvmActivity a = watch.fresh();
                    unclaimedNanos += a.gcPauseNanos() - gcNanos;
                    unclaimedPauses += a.gcPauses() - gcPauses;
                    gcNanos = a.gcPauseNanos();
                    gcPauses = a.gcPauses();
                    if (unclaimedPauses > 0) {
                        nanos = share(
                                unclaimedNanos,
                                unclaimedPauses,
                                info.getGcInfo().getDuration());
                        unclaimedNanos -= nanos;
                        unclaimedPauses--;
                    } else { // a collector whose pauses the counters do not count (Shenandoah's)
                        nanos = info.getGcInfo().getDuration() * 1_000_000L;
                    }
                }
                raise("gc", info.getGcName() + ": " + info.getGcCause(), nanos, 1);
            } catch (RuntimeException e) {
                // a notification of another shape: not a pause this event can describe
            } finally {
                handled(handback, id);
            }
        }

        /** Collection {@code id} of collector {@code handback} is done with: its event, if any, came. */
        private synchronized void handled(Object handback, long id) {
            if (handback instanceof Integer && (Integer) handback < handled.length) {
                int i = (Integer) handback;
                handled[i] = Math.max(handled[i], id);
                notifyAll();
            }
        }

        /**
         * A reading of the counters whose collections have all had their events: the watched
         * collectors' counts, then a wait until their notifications were handled, then the reading,
         * taken again if a collection ended meanwhile (a collection moves the counters and its
         * collector's count at once, at its safepoint). After {@link #SETTLE_MS} ms, or on the
         * notifications' own thread (a callback that reads), the reading as it is.
         */
        JvmActivity settledReading(long thread) {
            if (Thread.currentThread() == notifier) {
                return JvmActivity.now(thread);
            }
            long deadline = System.nanoTime() + SETTLE_MS * 1_000_000L;
            while (true) {
                long[] counted = counts();
                boolean settled = awaitHandled(counted, deadline);
                JvmActivity a = JvmActivity.now(thread);
                if (!settled || java.util.Arrays.equals(counts(), counted)) {
                    return a;
                }
            }
        }

        private long[] counts() {
            long[] c = new long[beans.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = beans.get(i).getCollectionCount();
            }
            return c;
        }

        /** Waits until each collector's notifications up to {@code counted} were handled; false if not by then. */
        private synchronized boolean awaitHandled(long[] counted, long deadline) {
            while (!stopped && !covers(handled, counted)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    wait(left / 1_000_000L + 1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }

        @Override
        public void run() {
            while (!stopped) {
                try {
                    Thread.sleep(POLL_MS);
                } catch (InterruptedException e) {
                    return;
                }
                try {
                    poll();
                } catch (RuntimeException e) {
                    // counters unreadable for a moment: try again at the next period
                }
            }
        }

        private void poll() {
            JvmActivity a = watch.fresh();
            long sp;
            long sps;
            long cl;
            long ds;
            synchronized (this) {
                sp = a.safepointNanos() - safepointNanos;
                sps = a.safepoints() - safepoints;
                cl = a.classLoadingNanos() - classNanos;
                ds = a.descheduledNanos() - descheduledNanos;
                safepointNanos = a.safepointNanos();
                safepoints = a.safepoints();
                classNanos = a.classLoadingNanos();
                descheduledNanos = a.descheduledNanos();
            }
            raise("safepoint", "VM operations", sp, Math.max(0, sps));
            raise("class_loading", "loading, linking and initialising classes", cl, 0);
            raise("descheduled", "runnable, waiting for a CPU", ds, 0);
        }
    }

    /**
     * This pause's part of {@code pending} nanoseconds that {@code pauses} pauses took, the first of
     * them (this one) lasting {@code millis} by its notification: all of it for the last pending
     * pause; else the notification's whole milliseconds taken as their middle (+0.5 ms), leaving at
     * least a nanosecond to each pause still to come, and never less than one. Equal shares would
     * give a short pause notified late part of the long one after it.
     */
    static long share(long pending, long pauses, long millis) {
        if (pauses <= 1) {
            return pending;
        }
        long most = pending - (pauses - 1);
        if (most < 1) {
            return pending / pauses;
        }
        return Math.max(1, Math.min(most, millis * 1_000_000L + 500_000L));
    }

    /** Whether every collector's count in {@code handled} has reached its count in {@code counted}. */
    static boolean covers(long[] handled, long[] counted) {
        for (int i = 0; i < counted.length; i++) {
            if (handled[i] < counted[i]) {
                return false;
            }
        }
        return true;
    }

    /** Collectors' beans whose collections stop the application (not concurrent cycles). */
    static boolean pausing(String beanName) {
        String n = beanName.toLowerCase(Locale.ROOT);
        return !n.contains("concurrent") && !n.contains("cycles");
    }
}
