package org.qmpi4j.tools.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.RankProfile;

/** The owner's lock-free cells and the other threads' locked cells add up, and snapshots never run ahead. */
class AccumulatorTest {
    private static final int WRITERS = 4;
    private static final int CALLS = 200_000;

    @Test
    void everyThreadsCallsAreCountedOnceWhileSnapshotsAreTaken() throws Exception {
        Accumulator a = new Accumulator(true);
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<String> broken = new AtomicReference<>();
        // Each call takes 1 ns and moves 8 bytes: a snapshot's time and bytes follow from its calls.
        Thread reader = new Thread(() -> {
            long seen = 0;
            while (!done.get() && broken.get() == null) {
                CallStats s = a.snapshot();
                if (s.calls() < seen) {
                    broken.set("calls went back from " + seen + " to " + s.calls());
                }
                // Every counted call's time is visible (calls made while the snapshot is read may be too).
                if (s.timeNs() < s.calls()) {
                    broken.set("time " + s.timeNs() + " ns for " + s.calls() + " calls");
                }
                if (s.bytes() < 8 * s.calls()) {
                    broken.set("bytes " + s.bytes() + " for " + s.calls() + " calls");
                }
                seen = s.calls();
            }
        });
        reader.start();
        runWriters(() -> {
            for (int i = 0; i < CALLS; i++) {
                a.add(1, 8);
            }
        });
        done.set(true);
        reader.join();
        assertThat(broken.get()).isNull();
        CallStats s = a.snapshot();
        assertThat(a.calls()).isEqualTo((long) WRITERS * CALLS);
        assertThat(s.calls()).isEqualTo((long) WRITERS * CALLS);
        assertThat(s.timeNs()).isEqualTo((long) WRITERS * CALLS);
        assertThat(s.bytes()).isEqualTo(8L * WRITERS * CALLS);
        assertThat(s.minNs()).isEqualTo(1);
        assertThat(s.maxNs()).isEqualTo(1);
        assertThat(
                        java.util.Objects.requireNonNull(s.histogram())[
                                org.qmpi4j.formats.profile.SizeHistogram.bucketOf(8)])
                .isEqualTo((long) WRITERS * CALLS);
    }

    @Test
    void shortestAndLongestCallAcrossOwnerAndOthers() throws Exception {
        Accumulator a = new Accumulator(false);
        a.add(50, 0); // this thread owns the accumulator from now on
        Thread other = new Thread(() -> {
            a.add(5, 0);
            a.add(500, 0);
        });
        other.start();
        other.join();
        CallStats s = a.snapshot();
        assertThat(s.calls()).isEqualTo(3);
        assertThat(s.minNs()).isEqualTo(5);
        assertThat(s.maxNs()).isEqualTo(500);
        assertThat(s.timeNs()).isEqualTo(555);
        assertThat(s.hasHistogram()).isFalse();
    }

    @Test
    void sentTableAddsOwnerAndOtherThreads() throws Exception {
        SentTable t = new SentTable(3);
        AtomicReference<String> broken = new AtomicReference<>();
        AtomicBoolean done = new AtomicBoolean();
        Thread reader = new Thread(() -> {
            while (!done.get() && broken.get() == null) {
                RankProfile.Builder b = RankProfile.builder(0, 3, "test");
                t.copyInto(b);
                RankProfile p = b.build();
                long m = p.sentMessages()[1];
                long bytes = p.sentBytes()[1];
                if (bytes < 4 * m) {
                    broken.set(bytes + " bytes for " + m + " messages");
                }
            }
        });
        reader.start();
        runWriters(() -> {
            for (int i = 0; i < CALLS; i++) {
                t.add(1, 4);
                t.add(-1, 4); // no peer: ignored
                t.add(3, 4); // outside the world: ignored
            }
        });
        done.set(true);
        reader.join();
        assertThat(broken.get()).isNull();
        RankProfile.Builder b = RankProfile.builder(0, 3, "test");
        t.copyInto(b);
        RankProfile p = b.build();
        assertThat(p.sentMessages()).containsExactly(0, (long) WRITERS * CALLS, 0);
        assertThat(p.sentBytes()).containsExactly(0, 4L * WRITERS * CALLS, 0);
    }

    /** Runs {@code body} on {@link #WRITERS} threads started together. */
    private static void runWriters(Runnable body) throws Exception {
        CyclicBarrier start = new CyclicBarrier(WRITERS);
        List<Thread> threads = new ArrayList<>();
        for (int k = 0; k < WRITERS; k++) {
            Thread th = new Thread(() -> {
                try {
                    start.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                body.run();
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }
    }
}
