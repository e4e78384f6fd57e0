package org.qmpi4j.formats.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DecimalsTest {
    private static final double[] EDGES = {
        0.0,
        -0.0,
        0.15,
        0.25,
        0.05,
        -0.04,
        -0.05,
        0.5,
        1.5,
        2.5,
        9.995,
        9.9949,
        99.95,
        999.5,
        0.0001,
        0.00009999,
        0.000099995,
        1e-5,
        1e-10,
        1e-300,
        123456789.0,
        1e7,
        1.0E23,
        9.999999e22,
        12345.6789,
        0.999,
        0.9995,
        0.99999999,
        1e15,
        4.35e-6,
        100.0 / 3,
        2.0 / 3,
        1234.5,
        0.1 + 0.2,
        Double.MIN_VALUE,
        Double.MAX_VALUE,
        Double.NaN,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        5e-5,
        5e-4,
        0.00049999
    };

    @Test
    void fixedIsWhatTheFormatterWrites() {
        for (double v : EDGES) {
            for (int decimals = 0; decimals <= 7; decimals++) {
                checkFixed(v, decimals);
                checkFixed(-v, decimals);
            }
        }
        SplittableRandom random = new SplittableRandom(18);
        for (int i = 0; i < 20_000; i++) {
            double v = randomValue(random);
            checkFixed(v, random.nextInt(8));
        }
    }

    @Test
    void significantIsWhatTheFormatterWrites() {
        for (double v : EDGES) {
            for (int digits = 1; digits <= 6; digits++) {
                checkSignificant(v, digits);
                checkSignificant(-v, digits);
            }
        }
        SplittableRandom random = new SplittableRandom(19);
        for (int i = 0; i < 20_000; i++) {
            double v = randomValue(random);
            checkSignificant(v, 1 + random.nextInt(6));
        }
    }

    /** Values of every magnitude, and values with few digits (ties such as x.5 or x.x5 are common there). */
    private static double randomValue(SplittableRandom random) {
        double v;
        switch (random.nextInt(3)) {
            case 0:
                v = random.nextDouble() * Math.pow(10, random.nextInt(-12, 16));
                break;
            case 1:
                v = random.nextInt(100_000) / Math.pow(10, random.nextInt(0, 8));
                break;
            default:
                v = random.nextLong(1_000_000_000_000L) / 1e9;
                break;
        }
        return random.nextBoolean() ? -v : v;
    }

    private static void checkFixed(double v, int decimals) {
        assertThat(Decimals.fixed(v, decimals))
                .as("%s with %d decimals", v, decimals)
                .isEqualTo(String.format(Locale.ROOT, "%." + decimals + "f", v));
    }

    private static void checkSignificant(double v, int digits) {
        assertThat(Decimals.significant(v, digits))
                .as("%s with %d significant digits", v, digits)
                .isEqualTo(String.format(Locale.ROOT, "%." + digits + "g", v));
    }
}
