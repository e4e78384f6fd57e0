package org.qmpi4j.agent.internal.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.jvm.JvmActivity;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventInfo;
import org.qmpi4j.api.mpit.EventInstance;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.ThreadLevel;
import org.qmpi4j.mpit.MpitRegistry;

/**
 * The MPI_T event {@code qmpi4j_jvm_pause} against what this JVM's own counters report of pauses
 * made on purpose: explicit collections over a live set, and classes loaded by a fresh loader.
 */
class JvmPauseEventsTest {
    private MpitRegistry r;
    private @Nullable EventRegistration registration;

    /** One delivered event's elements. */
    private static final class Pause {
        final String kind;
        final String cause;
        final long nanos;
        final long count;

        Pause(String kind, String cause, long nanos, long count) {
            this.kind = kind;
            this.cause = cause;
            this.nanos = nanos;
            this.count = count;
        }
    }

    private final List<Pause> pauses = new CopyOnWriteArrayList<>();

    @BeforeEach
    void setUp() {
        ProcessTelemetry telemetry =
                new ProcessTelemetry(new AgentConfig(null, Map.of(), Map.of()), ProcessTelemetry.Counters.NONE);
        telemetry.jvm().callingThreadCallsMpi();
        r = telemetry.registry();
        r.initThread(ThreadLevel.SINGLE);
    }

    @AfterEach
    void tearDown() {
        if (registration != null) {
            r.eventHandleFree(registration, null);
        }
        r.finalizeInterface();
    }

    private static boolean pollerAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("qmpi4j-jvm-pauses") && t.isAlive());
    }

    private void register() {
        registration = r.eventHandleAlloc(r.eventGetIndex(JvmPauseEvents.NAME), null, null);
        r.eventRegisterCallback(registration, CallbackSafety.THREAD_SAFE, null, this::record);
    }

    private void record(EventInstance i, EventRegistration g, CallbackSafety s) {
        byte[] kind = new byte[JvmPauseEvents.KIND_LENGTH];
        byte[] cause = new byte[JvmPauseEvents.CAUSE_LENGTH];
        long[] nanos = new long[1];
        long[] count = new long[1];
        r.eventRead(i, 0, kind);
        r.eventRead(i, 1, cause);
        r.eventRead(i, 2, nanos);
        r.eventRead(i, 3, count);
        pauses.add(new Pause(cString(kind), cString(cause), nanos[0], count[0]));
    }

    private List<Pause> of(String kind) {
        List<Pause> out = new ArrayList<>();
        for (Pause p : pauses) {
            if (p.kind.equals(kind)) {
                out.add(p);
            }
        }
        return out;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    @DisplayName("qmpi4j_jvm_pause: in category qmpi4j_jvm, bound to no object, from its own source qmpi4j_jvm, "
            + "elements kind, cause, duration_ns, count")
    void typeSourceAndCategory() {
        int index = r.eventGetIndex(JvmPauseEvents.NAME);
        EventInfo info = r.eventGetInfo(index);
        assertThat(info.bind()).isEqualTo(BindType.NO_OBJECT);
        assertThat(info.elements()).extracting(e -> e.name()).containsExactly("kind", "cause", "duration_ns", "count");
        assertThat(r.sourceGetInfo(info.sourceIndex()).name()).isEqualTo(JvmPauseEvents.SOURCE);
        int category = r.categoryGetIndex("qmpi4j_jvm");
        assertThat(r.categoryGetEvents(category)).containsExactly(index);
        assertThat(r.sourceGetTimestamp(info.sourceIndex())).isGreaterThanOrEqualTo(0);
    }

    @Test
    @DisplayName("nothing runs until a registration exists; freeing the last stops the poller")
    void zeroCostUntilRegistered() throws InterruptedException {
        assertThat(pollerAlive()).isFalse();
        register();
        assertThat(pollerAlive()).isTrue();
        r.eventHandleFree(registration, null);
        registration = null;
        for (int i = 0; i < 100 && pollerAlive(); i++) {
            Thread.sleep(10);
        }
        assertThat(pollerAlive()).isFalse();
    }

    @Test
    @DisplayName("one gc event per explicit collection, cause System.gc(), durations summing to what the "
            + "collectors' pause counters moved by")
    void oneEventPerCollection() {
        byte[][] live = new byte[256][];
        for (int k = 0; k < live.length; k++) {
            live[k] = new byte[64 * 1024];
        }
        register();
        long before = JvmActivity.now(JvmActivity.NO_THREAD).gcPauseNanos();
        long pausesBefore = JvmActivity.now(JvmActivity.NO_THREAD).gcPauses();
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        JvmActivity after = JvmActivity.now(JvmActivity.NO_THREAD);
        long made = after.gcPauses() - pausesBefore;
        for (int i = 0; i < 300 && of("gc").size() < made; i++) {
            sleep(10);
        }
        assertThat(live[255]).hasSize(64 * 1024);
        List<Pause> gc = of("gc");
        assertThat(made).isGreaterThanOrEqualTo(4);
        assertThat((long) gc.size()).isEqualTo(made);
        long sum = 0;
        for (Pause p : gc) {
            assertThat(p.cause).endsWith(": System.gc()");
            assertThat(p.count).isEqualTo(1);
            sum += p.nanos;
        }
        long counted = after.gcPauseNanos() - before;
        assertThat((double) sum).isCloseTo(counted, org.assertj.core.data.Offset.offset(0.05 * counted + 1e6));
    }

    @Test
    @DisplayName("a collection that ended before the registration gives no event, even when its notification "
            + "comes after it (the JVM's service thread held up)")
    void noEventForACollectionBeforeTheRegistration() throws Exception {
        java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean first = new java.util.concurrent.atomic.AtomicBoolean(true);
        javax.management.NotificationListener holder = (n, handback) -> {
            if (first.getAndSet(false)) {
                entered.countDown();
                try {
                    release.await(10, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        List<javax.management.NotificationEmitter> emitters = new ArrayList<>();
        for (java.lang.management.GarbageCollectorMXBean b :
                java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            ((javax.management.NotificationEmitter) b).addNotificationListener(holder, null, null);
            emitters.add((javax.management.NotificationEmitter) b);
        }
        long made;
        try {
            System.gc(); // its notification holds the service thread in the listener above
            assertThat(entered.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            System.gc(); // ends now; its notification waits behind the first
            long pausesBefore = JvmActivity.now(JvmActivity.NO_THREAD).gcPauses();
            register();
            release.countDown();
            sleep(300); // the late notification is delivered (to the registration too, as a listener now)
            made = JvmActivity.now(JvmActivity.NO_THREAD).gcPauses() - pausesBefore;
        } finally {
            release.countDown();
            for (javax.management.NotificationEmitter e : emitters) {
                e.removeNotificationListener(holder);
            }
        }
        assertThat((long) of("gc").size())
                .as("gc events against the pauses made after the registration")
                .isEqualTo(made);
    }

    @Test
    @DisplayName("a long collection notified after a short one came: each event has its own pause's time (the "
            + "long one's notified milliseconds, the short one the rest), not half of both")
    void aLateNotificationKeepsItsOwnPause() throws Exception {
        java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean first = new java.util.concurrent.atomic.AtomicBoolean(true);
        List<Long> notifiedMillis = new CopyOnWriteArrayList<>();
        javax.management.NotificationListener holder = (n, handback) -> {
            if (n.getUserData() instanceof javax.management.openmbean.CompositeData) {
                notifiedMillis.add(com.sun.management.GarbageCollectionNotificationInfo.from(
                                (javax.management.openmbean.CompositeData) n.getUserData())
                        .getGcInfo()
                        .getDuration());
            }
            if (first.getAndSet(false)) {
                entered.countDown();
                try {
                    release.await(10, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        // Two million tiny objects: marking them makes the first full collection several times the
        // second, whose cost is the heap's fixed part (on a 2-core machine that part alone came to
        // 18 ms, as long as marking 400,000 byte arrays).
        List<Object[]> live = new ArrayList<>();
        for (int i = 0; i < 2_000_000; i++) {
            live.add(new Object[1]);
        }
        System.gc(); // the young collections of the allocation, and this one, before everything
        sleep(200);
        // The holder first, then the registration: the holder holds the notifications' thread first.
        List<javax.management.NotificationEmitter> emitters = new ArrayList<>();
        for (java.lang.management.GarbageCollectorMXBean b :
                java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            ((javax.management.NotificationEmitter) b).addNotificationListener(holder, null, null);
            emitters.add((javax.management.NotificationEmitter) b);
        }
        register();
        long[] took = new long[2];
        int kept;
        try {
            long before = JvmActivity.now(JvmActivity.NO_THREAD).gcPauseNanos();
            System.gc(); // long; its notification holds the service thread
            took[0] = JvmActivity.now(JvmActivity.NO_THREAD).gcPauseNanos() - before;
            assertThat(entered.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            kept = live.size();
            live.clear();
            before = JvmActivity.now(JvmActivity.NO_THREAD).gcPauseNanos();
            System.gc(); // short, while the long one's notification waits
            took[1] = JvmActivity.now(JvmActivity.NO_THREAD).gcPauseNanos() - before;
        } finally {
            release.countDown();
            for (javax.management.NotificationEmitter e : emitters) {
                e.removeNotificationListener(holder);
            }
        }
        for (int i = 0; i < 300 && of("gc").size() < 2; i++) {
            sleep(10);
        }
        List<Pause> gc = of("gc");
        String seen = "pauses " + java.util.Arrays.toString(took) + " ns, events "
                + gc.stream().map(p -> p.cause + " " + p.nanos).collect(java.util.stream.Collectors.toList());
        assertThat(kept).isGreaterThan(1000);
        assertThat(gc).as(seen).hasSize(2);
        assertThat(took[0] - took[1])
                .as("the first collection is the longer by far: %s", seen)
                .isGreaterThan(4_000_000);
        // The long one's event has its notification's milliseconds (their middle): the notification
        // is all that tells the two pending pauses apart. The collector's own time in it may be
        // less than the pause the counters measured (95 against 105 ms once, on a loaded machine),
        // so the short one, which takes the rest, may carry that difference.
        long longMillis = notifiedMillis.get(0); // the holder's first, on which it held the thread
        assertThat(gc.get(0).nanos).as(seen).isEqualTo(longMillis * 1_000_000 + 500_000);
        assertThat((double) gc.get(0).nanos)
                .as("the long one's event against its pause: %s", seen)
                .isCloseTo(took[0], org.assertj.core.data.Offset.offset(0.15 * took[0] + 1.5e6));
        assertThat((double) gc.get(0).nanos + gc.get(1).nanos)
                .as("both events against both pauses: %s", seen)
                .isCloseTo(took[0] + took[1], org.assertj.core.data.Offset.offset(1e3));
        assertThat(gc.get(0).nanos - gc.get(1).nanos)
                .as("not half of both: %s", seen)
                .isGreaterThan(2_000_000);
    }

    /** A listener on every collector's bean, added before the registration's, that holds the notifications. */
    private static final class Holder implements javax.management.NotificationListener {
        final java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        private final java.util.concurrent.atomic.AtomicBoolean first =
                new java.util.concurrent.atomic.AtomicBoolean(true);
        private final List<javax.management.NotificationEmitter> emitters = new ArrayList<>();

        Holder() {
            for (java.lang.management.GarbageCollectorMXBean b :
                    java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
                ((javax.management.NotificationEmitter) b).addNotificationListener(this, null, null);
                emitters.add((javax.management.NotificationEmitter) b);
            }
        }

        @Override
        public void handleNotification(javax.management.Notification n, Object handback) {
            if (first.getAndSet(false)) {
                entered.countDown();
                try {
                    release.await(10, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        /** Lets the held notification go on after {@code ms}, from another thread. */
        void releaseAfter(long ms) {
            Thread t = new Thread(() -> {
                sleep(ms);
                release.countDown();
            });
            t.setDaemon(true);
            t.start();
        }

        void remove() throws javax.management.ListenerNotFoundException {
            release.countDown();
            for (javax.management.NotificationEmitter e : emitters) {
                e.removeNotificationListener(this);
            }
        }
    }

    /** The gc events delivered so far: {their number, their nanoseconds}. */
    private long[] gcEvents() {
        List<Pause> gc = of("gc");
        return new long[] {gc.size(), gc.stream().mapToLong(p -> p.nanos).sum()};
    }

    @Test
    @DisplayName("a read of the gc variables returns only once the events of the pauses it counts were delivered, "
            + "though the JVM's notification of the last one comes 300 ms after the collection")
    void aReadComesAfterTheEventsOfThePausesItCounts() throws Exception {
        Holder holder = new Holder(); // before the registration's listener: it holds the thread first
        try {
            register();
            org.qmpi4j.api.mpit.PvarSession s = r.pvarSessionCreate();
            org.qmpi4j.api.mpit.PvarHandle count = r.pvarHandleAlloc(
                    s, r.pvarGetIndex("qmpi4j_jvm_gc_pauses", org.qmpi4j.api.mpit.PvarClass.COUNTER), null);
            org.qmpi4j.api.mpit.PvarHandle time = r.pvarHandleAlloc(
                    s, r.pvarGetIndex("qmpi4j_jvm_gc_pause_time", org.qmpi4j.api.mpit.PvarClass.TIMER), null);
            long[] pausesAt = new long[2];
            double[] secondsAt = new double[2];
            long[][] eventsAt = new long[2][];
            long[] one = new long[1];
            double[] seconds = new double[1];
            r.pvarRead(s, count, one);
            r.pvarRead(s, time, seconds);
            pausesAt[0] = one[0];
            secondsAt[0] = seconds[0];
            eventsAt[0] = gcEvents();
            System.gc(); // counted at once; its notification held in the holder
            assertThat(holder.entered.await(10, java.util.concurrent.TimeUnit.SECONDS))
                    .isTrue();
            holder.releaseAfter(300);
            sleep(6); // past the reading kept fresh
            r.pvarRead(s, count, one);
            r.pvarRead(s, time, seconds);
            pausesAt[1] = one[0];
            secondsAt[1] = seconds[0];
            eventsAt[1] = gcEvents();
            r.pvarSessionFree(s);
            long moved = pausesAt[1] - pausesAt[0];
            String seen = "pauses " + java.util.Arrays.toString(pausesAt) + ", seconds "
                    + java.util.Arrays.toString(secondsAt) + ", gc events (number, ns) "
                    + java.util.Arrays.toString(eventsAt[0]) + " then " + java.util.Arrays.toString(eventsAt[1]);
            assertThat(moved).as(seen).isPositive();
            assertThat(eventsAt[1][0] - eventsAt[0][0])
                    .as("the events delivered by the read against the pauses it counted: %s", seen)
                    .isEqualTo(moved);
            assertThat((double) (eventsAt[1][1] - eventsAt[0][1]))
                    .as("their time against the timer's: %s", seen)
                    .isCloseTo(
                            (secondsAt[1] - secondsAt[0]) * 1e9,
                            org.assertj.core.data.Offset.offset(1e3 * (1 + moved)));
        } finally {
            holder.remove();
        }
    }

    @Test
    @DisplayName("a callback that reads the gc variables on the JVM's notification thread is not kept waiting for "
            + "the notification it is called from")
    void aCallbackReadingTheVariablesDoesNotWaitForItself() throws Exception {
        org.qmpi4j.api.mpit.PvarSession s = r.pvarSessionCreate();
        org.qmpi4j.api.mpit.PvarHandle count = r.pvarHandleAlloc(
                s, r.pvarGetIndex("qmpi4j_jvm_gc_pauses", org.qmpi4j.api.mpit.PvarClass.COUNTER), null);
        List<Long> readNanos = new CopyOnWriteArrayList<>();
        registration = r.eventHandleAlloc(r.eventGetIndex(JvmPauseEvents.NAME), null, null);
        r.eventRegisterCallback(registration, CallbackSafety.THREAD_SAFE, null, (i, g, l) -> {
            byte[] kind = new byte[JvmPauseEvents.KIND_LENGTH];
            r.eventRead(i, 0, kind);
            if (cString(kind).equals("gc")) { // on the notification thread
                long start = System.nanoTime();
                r.pvarRead(s, count, new long[1]);
                readNanos.add(System.nanoTime() - start);
            }
            record(i, g, l);
        });
        System.gc();
        for (int i = 0; i < 300 && of("gc").isEmpty(); i++) {
            sleep(10);
        }
        assertThat(of("gc")).isNotEmpty();
        assertThat(readNanos)
                .hasSameSizeAs(of("gc"))
                .allSatisfy(n -> assertThat(n).isLessThan(500_000_000L));
        r.eventHandleFree(registration, null);
        registration = null;
        r.pvarSessionFree(s);
    }

    @Test
    @DisplayName("share: the last pending pause takes what is left; an earlier one its milliseconds' middle, "
            + "leaving a nanosecond to each after it")
    void shareOfPendingTime() {
        assertThat(JvmPauseEvents.share(7_300_000, 1, 2)).isEqualTo(7_300_000);
        assertThat(JvmPauseEvents.share(30_000_000, 2, 3)).isEqualTo(3_500_000);
        assertThat(JvmPauseEvents.share(30_000_000, 3, 0)).isEqualTo(500_000);
        assertThat(JvmPauseEvents.share(2_000_000, 2, 5)).isEqualTo(1_999_999);
        assertThat(JvmPauseEvents.share(1, 2, 5)).isEqualTo(0);
    }

    @Test
    @DisplayName("classes loaded by a fresh loader give class_loading events as long as the JVM's class loading "
            + "counter moved")
    void classLoading() throws Exception {
        register();
        sleep(3 * JvmPauseEvents.POLL_MS); // the poller's first readings
        pauses.clear();
        long before = JvmActivity.now(JvmActivity.NO_THREAD).classLoadingNanos();
        Path jar = Path.of(org.assertj.core.api.Assertions.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        int loaded = 0;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
                JarFile f = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = f.entries();
            while (entries.hasMoreElements() && loaded < 400) {
                String n = entries.nextElement().getName();
                if (n.endsWith(".class") && !n.contains("module-info") && !n.contains("package-info")) {
                    try {
                        Class.forName(n.substring(0, n.length() - 6).replace('/', '.'), false, loader);
                        loaded++;
                    } catch (LinkageError | ClassNotFoundException e) {
                        // a class whose dependencies are elsewhere: the others are enough
                    }
                }
            }
        }
        long moved = JvmActivity.now(JvmActivity.NO_THREAD).classLoadingNanos() - before;
        sleep(10 * JvmPauseEvents.POLL_MS);
        assertThat(loaded).isGreaterThan(100);
        assertThat(moved).isPositive();
        long sum = of("class_loading").stream().mapToLong(p -> p.nanos).sum();
        assertThat(sum).isGreaterThanOrEqualTo(moved);
    }

    private static String cString(byte[] b) {
        int end = 0;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        return new String(b, 0, end, StandardCharsets.UTF_8);
    }
}
