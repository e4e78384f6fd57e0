package org.qmpi4j.formats.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClockModelTest {
    @Test
    void measurementsThatOneOffsetSatisfiesGiveNoDrift() {
        // 500 +- 10 at 1 us, 530 +- 30 at 1 s: any offset in [500, 510] is within both bounds.
        ClockModel m = ClockModel.IDENTITY.with(1_000, 500, 10).with(1_000_001_000L, 530, 30);
        assertThat(m.driftPpm()).isZero();
        assertThat(m.offsetAt(1_000)).isEqualTo(505); // the middle of [500, 510]
        assertThat(m.offsetAt(500_001_000L)).isEqualTo(505);
        assertThat(m.offsetAt(5_000_001_000L)).isEqualTo(505);
        // Its distance from the line through the measured offsets is added to the band's half width.
        assertThat(m.errorAt(1_000)).isEqualTo(10 + 5);
        assertThat(m.errorAt(500_001_000L)).isEqualTo(20 + 10);
        assertThat(m.errorAt(1_000_001_000L)).isEqualTo(30 + 25);
    }

    @Test
    void driftTheMeasurementsForceIsTakenAndNoMore() {
        // 500 +- 10 at 1 us, 600 +- 30 at 1 s: the flattest line within both rises 60 ns in 1 s.
        ClockModel m = ClockModel.IDENTITY.with(1_000, 500, 10).with(1_000_001_000L, 600, 30);
        assertThat(m.driftPpm()).isCloseTo(0.06, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(m.toReference(1_000)).isEqualTo(1_510);
        assertThat(m.offsetAt(500_001_000L)).isEqualTo(540);
        assertThat(m.offsetAt(1_000_001_000L)).isEqualTo(570);
        assertThat(m.errorAt(1_000)).isEqualTo(20);
        assertThat(m.errorAt(500_001_000L)).isEqualTo(30);
        assertThat(m.errorAt(1_000_001_000L)).isEqualTo(60);
        // Beyond the measurements the band widens: (10 * 1e9 + 30 * 2e9) / 1e9, plus 700 - 630.
        assertThat(m.errorAt(2_000_001_000L)).isEqualTo(140);
        assertThat(ClockModel.IDENTITY.with(0, 7, 3).toReference(100)).isEqualTo(107);
        assertThat(ClockModel.IDENTITY.with(0, 7, 3).errorAt(5_000)).isEqualTo(3);
        assertThat(ClockModel.IDENTITY.toReference(100)).isEqualTo(100);
    }

    /**
     * Whatever the true offset line, as long as each measurement is within its bound, the model
     * maps every instant within its stated bound of the truth, inside and outside the
     * measurements.
     */
    @Test
    void everyTrueLineWithinTheMeasurementsBoundsIsWithinTheModelsBound() {
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < 20_000; i++) {
            long t1 = random.nextInt(1_000_000_000);
            long t2 = t1 + 1_000_000 + random.nextInt(2_000_000_000);
            double driftPpm = (random.nextDouble() - 0.5) * 400;
            long offset = random.nextLong() % 5_000_000_000L;
            long e1 = 1 + random.nextInt(random.nextBoolean() ? 2_000_000 : 20_000);
            long e2 = 1 + random.nextInt(random.nextBoolean() ? 2_000_000 : 20_000);
            java.util.function.LongUnaryOperator truth = t -> offset + Math.round((t - t1) * driftPpm / 1e6);
            // Each measurement anywhere within its bound of the truth.
            long o1 = truth.applyAsLong(t1) + Math.round((random.nextDouble() * 2 - 1) * e1);
            long o2 = truth.applyAsLong(t2) + Math.round((random.nextDouble() * 2 - 1) * e2);
            ClockModel m = ClockModel.IDENTITY.with(t1, o1, e1).with(t2, o2, e2);
            for (long t : new long[] {t1 - 500_000_000L, t1, (t1 + t2) / 2, t2, t2 + 3_000_000_000L}) {
                assertThat(Math.abs(m.offsetAt(t) - truth.applyAsLong(t)))
                        .as("case %d at %d: %s", i, t, m.driftPpm())
                        .isLessThanOrEqualTo(m.errorAt(t) + 1);
            }
            // No more drift than the truth's: the flattest line within the bounds.
            assertThat(Math.abs(m.driftPpm())).isLessThanOrEqualTo(Math.abs(driftPpm) + 1e-3);
        }
    }
}
