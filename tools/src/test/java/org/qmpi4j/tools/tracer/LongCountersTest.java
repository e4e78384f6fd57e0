package org.qmpi4j.tools.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LongCountersTest {
    @Test
    void countsPerKeyAcrossGrowth() {
        LongCounters c = new LongCounters();
        for (int round = 0; round < 3; round++) {
            for (int peer = 0; peer < 1000; peer++) {
                assertThat(c.next(LongCounters.envelope(peer, 7))).isEqualTo(round);
            }
        }
        assertThat(c.next(LongCounters.envelope(0, 8))).isZero();
        assertThat(LongCounters.envelope(1, 2)).isNotEqualTo(LongCounters.envelope(2, 1));
        assertThat(LongCounters.envelope(0, Integer.MAX_VALUE))
                .isNotEqualTo(LongCounters.envelope(Integer.MAX_VALUE, 0));
    }
}
