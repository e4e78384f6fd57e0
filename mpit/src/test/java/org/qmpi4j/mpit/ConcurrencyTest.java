package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.pvar;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * Thread safety: {@code MPI_T_INIT_THREAD} provides {@code MPI_THREAD_MULTIPLE}, so every routine
 * may run from any thread at once, while sources change under it (the application's MPI calls).
 * Each test runs a few hundred milliseconds at most; failures are collected from every thread.
 */
class ConcurrencyTest {
    private static final int EVENTS_PER_UPDATER = 20_000;

    private final MpitRegistry r = Mpit.initialised();
    private final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();

    /** Runs the bodies in threads released together; returns when all are done. */
    private void runTogether(List<Runnable> bodies) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (Runnable body : bodies) {
            Thread t = new Thread(() -> {
                try {
                    go.await();
                    body.run();
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        go.countDown();
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(t.isAlive()).as("thread finished (no deadlock)").isFalse();
        }
        if (!failures.isEmpty()) {
            AssertionError e = new AssertionError(failures.size() + " thread(s) failed; first: " + failures.peek());
            failures.forEach(e::addSuppressed);
            throw e;
        }
    }

    /** Runs {@code call}; an MpitException must carry one of {@code allowed}, anything else fails the test. */
    private static ReturnCode allowing(Set<ReturnCode> allowed, Mpit.Call call) {
        ReturnCode code = Mpit.codeOf(call);
        if (!allowed.contains(code)) {
            throw new AssertionError("got " + code + ", allowed " + allowed);
        }
        return code;
    }

    @Test
    @DisplayName("Reads, writes, resets, starts and stops from several threads while sources change: only documented "
            + "codes, counters and high watermarks of an untouched handle never go down, low watermarks never up")
    void operationsWhileSourcesChange() throws InterruptedException {
        FakeSource events = new FakeSource();
        FakeSource level = new FakeSource();
        level.set(500);
        int counter = r.registerPvar(pvar("events", PvarClass.COUNTER, events).build());
        int high = r.registerPvar(pvar("level", PvarClass.HIGHWATERMARK, level).build());
        int low = r.registerPvar(pvar("level", PvarClass.LOWWATERMARK, level)
                .datatype(MpitDatatype.DOUBLE)
                .build());
        int current = r.registerPvar(pvar("level", PvarClass.LEVEL, level).build());
        int timer = r.registerPvar(pvar("time", PvarClass.TIMER, events).build());
        int[] all = {counter, high, low, current, timer};

        // The monitor's handles are started before anything changes and never written or reset.
        PvarSession monitor = r.pvarSessionCreate();
        PvarHandle mCounter = r.pvarHandleAlloc(monitor, counter, null);
        PvarHandle mHigh = r.pvarHandleAlloc(monitor, high, null);
        PvarHandle mLow = r.pvarHandleAlloc(monitor, low, null);
        r.pvarStart(monitor, PvarHandle.ALL_HANDLES);
        // A handle read-reset in a loop: the values it returns must add up to every event.
        PvarSession sums = r.pvarSessionCreate();
        PvarHandle sCounter = r.pvarHandleAlloc(sums, counter, null);
        r.pvarStart(sums, sCounter);
        // A session two threads share.
        PvarSession shared = r.pvarSessionCreate();
        List<PvarHandle> sharedHandles = new ArrayList<>();
        for (int v : all) {
            sharedHandles.add(r.pvarHandleAlloc(shared, v, null));
        }

        AtomicBoolean updating = new AtomicBoolean(true);
        AtomicLong maxLevel = new AtomicLong(500);
        AtomicLong minLevel = new AtomicLong(500);
        AtomicLong readResetSum = new AtomicLong();
        List<Runnable> bodies = new ArrayList<>();
        for (int u = 0; u < 2; u++) {
            int seed = u;
            bodies.add(() -> {
                Random random = new Random(seed);
                for (int i = 0; i < EVENTS_PER_UPDATER; i++) {
                    events.add(1);
                    long l = 10 + random.nextInt(990);
                    maxLevel.accumulateAndGet(l, Math::max);
                    minLevel.accumulateAndGet(l, Math::min);
                    level.set(l);
                }
            });
        }
        bodies.add(
                () -> { // the monitor
                    long lastCount = 0;
                    long lastHigh = 0;
                    double lastLow = Double.MAX_VALUE;
                    long[] v = new long[1];
                    double[] d = new double[1];
                    while (updating.get()) {
                        r.pvarRead(monitor, mCounter, v);
                        assertThat(v[0]).as("counter read never decreases").isGreaterThanOrEqualTo(lastCount);
                        lastCount = v[0];
                        r.pvarRead(monitor, mHigh, v);
                        assertThat(v[0]).as("high watermark never decreases").isGreaterThanOrEqualTo(lastHigh);
                        lastHigh = v[0];
                        r.pvarRead(monitor, mLow, d);
                        assertThat(d[0]).as("low watermark never increases").isLessThanOrEqualTo(lastLow);
                        lastLow = d[0];
                    }
                });
        bodies.add(
                () -> { // read-reset in a loop
                    long[] v = new long[1];
                    while (updating.get()) {
                        r.pvarReadReset(sums, sCounter, v);
                        readResetSum.addAndGet(v[0]);
                    }
                });
        for (int c = 0; c < 3; c++) { // chaos in own sessions, and two of them in the shared one
            int seed = 100 + c;
            boolean useShared = c < 2;
            bodies.add(() -> chaos(new Random(seed), updating, all, useShared ? shared : null, sharedHandles));
        }
        bodies.add(() -> {
            // Ends the readers once the updaters are done: waits for the events to be all in.
            while (events.get() < 2L * EVENTS_PER_UPDATER) {
                Thread.onSpinWait();
            }
            updating.set(false);
        });
        runTogether(bodies);

        long[] v = new long[1];
        r.pvarRead(monitor, mCounter, v);
        assertThat(v[0]).as("every event counted once").isEqualTo(2L * EVENTS_PER_UPDATER);
        r.pvarRead(monitor, mHigh, v);
        assertThat(v[0]).isEqualTo(maxLevel.get());
        double[] d = new double[1];
        r.pvarRead(monitor, mLow, d);
        assertThat(d[0]).isEqualTo((double) minLevel.get());
        r.pvarStop(sums, sCounter);
        r.pvarRead(sums, sCounter, v);
        assertThat(readResetSum.get() + v[0]).as("read-resets lose no event").isEqualTo(2L * EVENTS_PER_UPDATER);

        r.pvarSessionFree(shared);
        r.pvarSessionFree(monitor);
        r.pvarSessionFree(sums);
        assertThat(events.active).as("nothing left active").hasValue(0);
        assertThat(level.active).hasValue(0);
        assertThat(level.listeners()).as("no watermark left listening").isZero();
    }

    /** Random valid operations: in the thread's own session (allocating and freeing too), or in the shared one. */
    private void chaos(
            Random random,
            AtomicBoolean running,
            int[] variables,
            @Nullable PvarSession shared,
            List<PvarHandle> sharedHandles) {
        Set<ReturnCode> ok = EnumSet.of(ReturnCode.SUCCESS);
        Set<ReturnCode> readOnlyOk =
                EnumSet.of(ReturnCode.SUCCESS, ReturnCode.MPI_T_ERR_PVAR_NO_WRITE, ReturnCode.MPI_T_ERR_PVAR_NO_ATOMIC);
        PvarSession s = shared != null ? shared : r.pvarSessionCreate();
        List<PvarHandle> handles = shared != null ? sharedHandles : new ArrayList<>();
        while (running.get()) {
            if (shared == null && (handles.isEmpty() || random.nextInt(10) == 0)) {
                handles.add(r.pvarHandleAlloc(s, variables[random.nextInt(variables.length)], null));
            }
            PvarHandle h = handles.get(random.nextInt(handles.size()));
            PerformanceHandle ph = (PerformanceHandle) h;
            Object buffer = ph.definition.info().datatype().newBuffer(h.count());
            switch (random.nextInt(9)) {
                case 0:
                    allowing(ok, () -> r.pvarStart(s, h));
                    break;
                case 1:
                    allowing(ok, () -> r.pvarStop(s, h));
                    break;
                case 2:
                    allowing(ok, () -> r.pvarRead(s, h, buffer));
                    break;
                case 3:
                    allowing(readOnlyOk, () -> r.pvarWrite(s, h, buffer));
                    break;
                case 4:
                    allowing(readOnlyOk, () -> r.pvarReset(s, h));
                    break;
                case 5:
                    allowing(readOnlyOk, () -> r.pvarReadReset(s, h, buffer));
                    break;
                case 6:
                    allowing(ok, () -> r.pvarStart(s, PvarHandle.ALL_HANDLES));
                    break;
                case 7:
                    allowing(ok, () -> r.pvarReset(s, PvarHandle.ALL_HANDLES));
                    break;
                default:
                    if (shared == null && handles.size() > 1) {
                        handles.remove(h);
                        allowing(ok, () -> r.pvarHandleFree(s, h));
                    }
            }
        }
        if (shared == null) {
            r.pvarSessionFree(s);
        }
    }

    @Test
    @DisplayName("Sessions and handles created and freed from several threads under the limits: only "
            + "MPI_T_ERR_OUT_OF_SESSIONS / _OUT_OF_HANDLES, and every slot comes back")
    void allocationAndLimits() throws InterruptedException {
        int pv = Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        r.setMaxSessions(3);
        r.setMaxHandles(5);
        Set<ReturnCode> sessionCodes = EnumSet.of(ReturnCode.SUCCESS, ReturnCode.MPI_T_ERR_OUT_OF_SESSIONS);
        Set<ReturnCode> handleCodes = EnumSet.of(ReturnCode.SUCCESS, ReturnCode.MPI_T_ERR_OUT_OF_HANDLES);
        List<Runnable> bodies = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            bodies.add(() -> {
                for (int i = 0; i < 2000; i++) {
                    PvarSession[] s = new PvarSession[1];
                    if (allowing(sessionCodes, () -> s[0] = r.pvarSessionCreate()) != ReturnCode.SUCCESS) {
                        continue;
                    }
                    List<PvarHandle> mine = new ArrayList<>();
                    for (int k = 0; k < 3; k++) {
                        PvarHandle[] h = new PvarHandle[1];
                        if (allowing(handleCodes, () -> h[0] = r.pvarHandleAlloc(s[0], pv, null))
                                == ReturnCode.SUCCESS) {
                            mine.add(h[0]);
                            r.pvarStart(s[0], h[0]);
                        }
                    }
                    if (i % 2 == 0 && !mine.isEmpty()) {
                        r.pvarHandleFree(s[0], mine.get(0));
                    }
                    r.pvarSessionFree(s[0]);
                }
            });
        }
        runTogether(bodies);
        List<PvarSession> sessions = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            sessions.add(r.pvarSessionCreate());
        }
        Mpit.expect(ReturnCode.MPI_T_ERR_OUT_OF_SESSIONS, r::pvarSessionCreate);
        for (int i = 0; i < 5; i++) {
            r.pvarHandleAlloc(sessions.get(0), pv, null);
        }
        Mpit.expect(ReturnCode.MPI_T_ERR_OUT_OF_HANDLES, () -> r.pvarHandleAlloc(sessions.get(1), pv, null));
    }

    @Test
    @DisplayName("A session freed while other threads use its handles: only INVALID_SESSION / INVALID_HANDLE, and "
            + "no freed handle keeps its source active")
    void freeWhileInUse() throws InterruptedException {
        FakeSource events = new FakeSource();
        FakeSource level = new FakeSource();
        int counter = Mpit.register(r, PvarClass.COUNTER, events);
        int high = Mpit.register(r, PvarClass.HIGHWATERMARK, level);
        Set<ReturnCode> codes = EnumSet.of(
                ReturnCode.SUCCESS, ReturnCode.MPI_T_ERR_INVALID_SESSION, ReturnCode.MPI_T_ERR_INVALID_HANDLE);
        for (int round = 0; round < 300; round++) {
            PvarSession s = r.pvarSessionCreate();
            PvarHandle a = r.pvarHandleAlloc(s, counter, null);
            PvarHandle b = r.pvarHandleAlloc(s, high, null);
            List<Runnable> bodies = new ArrayList<>();
            for (PvarHandle h : new PvarHandle[] {a, b}) {
                bodies.add(() -> {
                    for (int i = 0; i < 20; i++) {
                        allowing(codes, () -> r.pvarStart(s, h));
                        allowing(codes, () -> r.pvarRead(s, h, new long[1]));
                        allowing(codes, () -> r.pvarStop(s, h));
                        allowing(codes, () -> r.pvarStart(s, h));
                    }
                });
            }
            bodies.add(() -> allowing(EnumSet.of(ReturnCode.SUCCESS), () -> r.pvarSessionFree(s)));
            runTogether(bodies);
        }
        assertThat(events.active).as("no freed handle left its source active").hasValue(0);
        assertThat(level.active).hasValue(0);
        assertThat(level.listeners()).as("no freed watermark left listening").isZero();
    }

    @Test
    @DisplayName("\"As long as the number of calls to MPI_T_FINALIZE is smaller than the number of calls to "
            + "MPI_T_INIT_THREAD ... calls to its routines are permissible\": one user's sessions survive another "
            + "user finalising the interface to zero and initialising it again at the same time")
    void initAndFinalizeFromSeveralUsers() throws InterruptedException {
        // The window it probes - between the count reaching zero and the freeing of that use's sessions - is
        // narrow: before the fix this failed in 2 of about 15 runs. A guard, not a reliable reproducer.
        MpitRegistry fresh = new MpitRegistry(ObjectKinds.ANY);
        int pv = Mpit.register(fresh, PvarClass.COUNTER, new FakeSource());
        List<Runnable> bodies = new ArrayList<>();
        bodies.add(
                () -> { // a user that comes and goes, often bringing the count to zero
                    for (int i = 0; i < 100_000; i++) {
                        fresh.initThread(org.qmpi4j.api.mpit.ThreadLevel.SINGLE);
                        fresh.finalizeInterface();
                    }
                });
        bodies.add(
                () -> { // a user whose calls must all succeed while it holds the interface
                    for (int i = 0; i < 15_000; i++) {
                        fresh.initThread(org.qmpi4j.api.mpit.ThreadLevel.SINGLE);
                        PvarSession s = fresh.pvarSessionCreate();
                        PvarHandle h = fresh.pvarHandleAlloc(s, pv, null);
                        fresh.pvarStart(s, h);
                        fresh.pvarRead(s, h, new long[1]);
                        fresh.pvarSessionFree(s);
                        fresh.finalizeInterface();
                    }
                });
        runTogether(bodies);
        assertThat(fresh.initCount()).isZero();
    }

    @Test
    @DisplayName("MPI_T_CATEGORY_CHANGED while categories grow: \"If two subsequent calls to this routine return the "
            + "same timestamp, it is guaranteed that the category information has not changed between the two calls\"")
    void changeStampUnderConcurrentGrowth() throws InterruptedException {
        int root = r.registerCategory("root", "");
        AtomicBoolean growing = new AtomicBoolean(true);
        List<Runnable> bodies = new ArrayList<>();
        bodies.add(() -> {
            for (int i = 0; i < 3000; i++) {
                int c = r.registerCategory("c" + i, "");
                r.categoryAddCategory(root, c);
                r.categoryAddPvar(c, Mpit.register(r, PvarClass.COUNTER, new FakeSource()));
            }
            growing.set(false);
        });
        for (int t = 0; t < 2; t++) {
            bodies.add(() -> {
                while (growing.get()) {
                    int a = r.categoryChanged();
                    int num1 = r.categoryGetNum();
                    int sub1 = r.categoryGetInfo(root).numCategories();
                    int num2 = r.categoryGetNum();
                    int sub2 = r.categoryGetCategories(root).length;
                    int b = r.categoryChanged();
                    if (a == b) {
                        assertThat(num2)
                                .as("same stamp, same number of categories")
                                .isEqualTo(num1);
                        assertThat(sub2).as("same stamp, same members").isEqualTo(sub1);
                    }
                    assertThat(b).as("monotonically increasing").isGreaterThanOrEqualTo(a);
                }
            });
        }
        runTogether(bodies);
    }
}
