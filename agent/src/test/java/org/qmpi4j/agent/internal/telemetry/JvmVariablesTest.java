package org.qmpi4j.agent.internal.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ThreadLevel;
import org.qmpi4j.mpit.MpitRegistry;

/**
 * The {@code qmpi4j_jvm} variables against what this JVM's own accounting (its garbage-collector
 * beans) reports of collections made on purpose.
 */
class JvmVariablesTest {
    private MpitRegistry r;

    @BeforeEach
    void setUp() {
        ProcessTelemetry telemetry =
                new ProcessTelemetry(new AgentConfig(null, Map.of(), Map.of()), ProcessTelemetry.Counters.NONE);
        telemetry.jvm().callingThreadCallsMpi();
        r = telemetry.registry();
        r.initThread(ThreadLevel.SINGLE);
    }

    private static long[] beans() {
        long count = 0;
        long ms = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += b.getCollectionCount();
            ms += b.getCollectionTime();
        }
        return new long[] {count, ms};
    }

    @Test
    @DisplayName("Timers and counters per kind: continuous, bound to no object, in category qmpi4j_jvm; a handle "
            + "counts the collections since its allocation as the collector beans do")
    void countsCollectionsSinceAllocation() {
        int category = r.categoryGetIndex("qmpi4j_jvm");
        assertThat(r.categoryGetPvars(category)).hasSize(9);
        int pauses = r.pvarGetIndex("qmpi4j_jvm_gc_pauses", PvarClass.COUNTER);
        int time = r.pvarGetIndex("qmpi4j_jvm_gc_pause_time", PvarClass.TIMER);
        for (int v : r.categoryGetPvars(category)) {
            PvarInfo info = r.pvarGetInfo(v);
            assertThat(info.continuous()).as(info.name()).isTrue();
            assertThat(info.bind()).isEqualTo(BindType.NO_OBJECT);
            assertThat(info.name()).startsWith("qmpi4j_jvm_");
        }
        assertThat(r.pvarGetInfo(time).datatype()).isEqualTo(MpitDatatype.DOUBLE);
        PvarSession s = r.pvarSessionCreate();
        PvarHandle ph = r.pvarHandleAlloc(s, pauses, null);
        PvarHandle th = r.pvarHandleAlloc(s, time, null);
        long[] before = beans();
        byte[][] garbage = new byte[64][];
        for (int i = 0; i < 4; i++) {
            for (int k = 0; k < garbage.length; k++) {
                garbage[k] = new byte[64 * 1024];
            }
            System.gc();
        }
        long[] after = beans();
        long[] count = new long[1];
        double[] seconds = new double[1];
        try {
            Thread.sleep(6); // past the reading kept fresh
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        r.pvarRead(s, ph, count);
        r.pvarRead(s, th, seconds);
        assertThat(garbage[0]).hasSize(64 * 1024);
        assertThat(count[0]).isEqualTo(after[0] - before[0]).isGreaterThanOrEqualTo(4);
        // the beans count whole milliseconds per collection
        assertThat(seconds[0] * 1e3)
                .isCloseTo(after[1] - before[1], org.assertj.core.data.Offset.offset(2.0 + 1.0 * count[0]));
        r.pvarSessionFree(s);
    }

    @Test
    @DisplayName("qmpi4j_jvm_totals holds six totals since the JVM started and three numbers per collector the "
            + "control variable qmpi4j_jvm_collectors names; the last cause is the JVM's")
    void totalsSinceStart() {
        System.gc();
        PvarSession s = r.pvarSessionCreate();
        PvarHandle h = r.pvarHandleAlloc(s, r.pvarGetIndex(JvmVariables.TOTALS, PvarClass.GENERIC), null);
        CvarHandle names = r.cvarHandleAlloc(r.cvarGetIndex("qmpi4j_jvm_collectors"), null);
        byte[] b = new byte[names.count()];
        r.cvarRead(names, b);
        String[] collectors = cString(b).split(",");
        assertThat(collectors).hasSizeGreaterThanOrEqualTo(2);
        assertThat(h.count()).isEqualTo(JvmVariables.FIXED_TOTALS + JvmVariables.PER_COLLECTOR * collectors.length);
        long[] v = new long[h.count()];
        r.pvarRead(s, h, v);
        long perCollector = 0;
        long pausesPerCollector = 0;
        for (int i = 0; i < collectors.length; i++) {
            int at = JvmVariables.FIXED_TOTALS + JvmVariables.PER_COLLECTOR * i;
            if (v[at + 2] == 1) {
                perCollector += v[at];
                pausesPerCollector += v[at + 1];
            }
        }
        assertThat(v[1]).isGreaterThanOrEqualTo(1).isEqualTo(pausesPerCollector);
        assertThat(v[0]).isPositive().isEqualTo(perCollector);
        assertThat(v[4]).as("class loading since start").isPositive();
        assertThat(v[5]).isGreaterThanOrEqualTo(0);
        CvarHandle cause = r.cvarHandleAlloc(r.cvarGetIndex("qmpi4j_jvm_last_gc_cause"), null);
        byte[] c = new byte[cause.count()];
        r.cvarRead(cause, c);
        assertThat(cString(c)).isEqualTo("System.gc()");
        r.pvarSessionFree(s);
    }

    @Test
    @DisplayName("A counter per kind for class loading and descheduling too: classes a fresh loader loads, "
            + "and the calling thread taken off its CPU by threads that keep every core busy")
    void classesAndDeschedulingAreCounted() throws Exception {
        PvarSession s = r.pvarSessionCreate();
        PvarHandle classes = r.pvarHandleAlloc(s, r.pvarGetIndex("qmpi4j_jvm_classes_loaded", PvarClass.COUNTER), null);
        PvarHandle switches = r.pvarHandleAlloc(s, r.pvarGetIndex("qmpi4j_jvm_descheduled", PvarClass.COUNTER), null);
        java.lang.management.ClassLoadingMXBean bean = java.lang.management.ManagementFactory.getClassLoadingMXBean();
        long before = bean.getTotalLoadedClassCount();
        java.nio.file.Path jar = java.nio.file.Path.of(org.assertj.core.api.Assertions.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        int loaded = 0;
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
                        new java.net.URL[] {jar.toUri().toURL()}, null);
                java.util.jar.JarFile f = new java.util.jar.JarFile(jar.toFile())) {
            java.util.Enumeration<java.util.jar.JarEntry> entries = f.entries();
            while (entries.hasMoreElements() && loaded < 300) {
                String n = entries.nextElement().getName();
                if (n.endsWith(".class") && !n.contains("-info")) {
                    try {
                        Class.forName(n.substring(0, n.length() - 6).replace('/', '.'), false, loader);
                        loaded++;
                    } catch (LinkageError | ClassNotFoundException e) {
                        // dependencies elsewhere: the others are enough
                    }
                }
            }
        }
        // Twice as many spinning threads as cores, and this thread spinning among them.
        int n = 2 * Runtime.getRuntime().availableProcessors();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.List<Thread> busy = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> {
                while (!stop.get()) {
                    Thread.onSpinWait();
                }
            });
            t.setDaemon(true);
            t.start();
            busy.add(t);
        }
        long end = System.nanoTime() + 300_000_000L;
        long spins = 0;
        while (System.nanoTime() < end) {
            spins++;
        }
        stop.set(true);
        for (Thread t : busy) {
            t.join();
        }
        long after = bean.getTotalLoadedClassCount();
        try {
            Thread.sleep(6); // past the reading kept fresh
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long[] c = new long[1];
        r.pvarRead(s, classes, c);
        assertThat(loaded).isGreaterThan(100);
        assertThat(c[0]).isGreaterThanOrEqualTo(loaded).isBetween(after - before - 5, after - before + 50);
        r.pvarRead(s, switches, c);
        assertThat(spins).isPositive();
        assertThat(c[0]).as("descheduled by %s busy threads", n).isPositive();
        r.pvarSessionFree(s);
    }

    private static String cString(byte[] b) {
        int end = 0;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        return new String(b, 0, end, StandardCharsets.UTF_8);
    }
}
