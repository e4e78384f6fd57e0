package org.qmpi4j.tools.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;

class SiteTableTest {
    @Test
    void findsEachSiteByIdentityAndFunction() {
        SiteTable t = new SiteTable();
        CallingAddress a = new CallingAddress("C", "m", "C.java", 1);
        CallingAddress same = new CallingAddress("C", "m", "C.java", 1); // equal, but another site object
        Accumulator x = t.get(a, 3, false);
        assertThat(t.get(a, 3, false)).isSameAs(x);
        assertThat(t.get(a, 4, false)).isNotSameAs(x);
        assertThat(t.get(same, 3, false)).isNotSameAs(x);
        assertThat(t.get(null, 3, false)).isSameAs(t.get(null, 3, false));
        assertThat(t.size()).isEqualTo(4);
    }

    @Test
    void growsWithSitesAndKeepsEveryCountUnderConcurrency() throws Exception {
        SiteTable t = new SiteTable();
        List<CallingAddress> sites = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            sites.add(new CallingAddress("C", "m", "C.java", i));
        }
        List<Thread> threads = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            Thread th = new Thread(() -> {
                for (int round = 0; round < 20; round++) {
                    for (CallingAddress s : sites) {
                        t.get(s, 0, false).add(1, 0);
                    }
                }
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }
        assertThat(t.size()).isEqualTo(500);
        AtomicLong total = new AtomicLong();
        t.forEach((address, function, acc) -> {
            assertThat(acc.calls()).isEqualTo(80);
            total.addAndGet(acc.calls());
        });
        assertThat(total.get()).isEqualTo(40_000);
    }

    @Test
    void accumulatorSnapshots() {
        Accumulator a = new Accumulator(true);
        a.add(10, 0);
        a.add(30, 1024);
        var s = a.snapshot();
        assertThat(s.calls()).isEqualTo(2);
        assertThat(s.minNs()).isEqualTo(10);
        assertThat(s.maxNs()).isEqualTo(30);
        assertThat(s.bytes()).isEqualTo(1024);
        assertThat(java.util.Objects.requireNonNull(s.histogram())[0]).isEqualTo(1);
        assertThat(java.util.Objects.requireNonNull(s.histogram())[11]).isEqualTo(1);
        assertThat(new Accumulator(false).snapshot().hasHistogram()).isFalse();
    }
}
