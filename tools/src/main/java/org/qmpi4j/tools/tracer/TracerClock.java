package org.qmpi4j.tools.tracer;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.settings.Setting;

/**
 * The clock the tracer stamps its events with: {@link System#nanoTime()}, unless the test-only
 * setting {@code tracer.test-clock-skew} gives this rank an artificial offset and drift, so that
 * tests on one machine (where every process reads the same monotonic clock) can show that the
 * clock alignment undoes what separate nodes' clocks would do. The skew applies to every
 * timestamp the tracer takes, its clock measurements included, and to nothing else.
 */
final class TracerClock {
    /** The setting {@code tracer.test-clock-skew}. */
    static final Setting<String> TEST_SKEW = Setting.string(
                    "tracer.test-clock-skew",
                    "none",
                    "FOR TESTS ONLY: makes the tracer's own clock wrong on purpose, to test the clock alignment."
                            + " `<rank>:<offset ns>:<drift ppm>[:<bias>]` entries separated by commas, e.g."
                            + " `1:2000000000:80,2:-1500000000:-50`: that rank's timestamps become t + offset + t * drift / 10^6;"
                            + " a bias adds bias times the error bound to each offset the rank measures (a measurement wrong by"
                            + " more than its bound, e.g. `-3`); ranks not named are not skewed")
            .forTestsOnly();

    private final long offset;
    private final double drift;
    private final double bias;

    TracerClock(long offset, double driftPpm) {
        this(offset, driftPpm, 0);
    }

    TracerClock(long offset, double driftPpm, double bias) {
        this.offset = offset;
        this.drift = driftPpm / 1e6;
        this.bias = bias;
    }

    /** The clock of {@code rank} under the skew setting {@code spec} (null or blank: none). */
    static TracerClock forRank(@Nullable String spec, int rank) {
        if (spec == null || spec.isBlank() || spec.trim().equals("none")) {
            return new TracerClock(0, 0);
        }
        for (String entry : spec.split(",")) {
            String[] f = entry.trim().split(":");
            if (f.length != 3 && f.length != 4) {
                throw new IllegalArgumentException(TEST_SKEW.key()
                        + ": expected <rank>:<offset ns>:<drift ppm>[:<bias>], found \"" + entry.trim() + "\"");
            }
            if (Integer.parseInt(f[0].trim()) == rank) {
                return new TracerClock(
                        Long.parseLong(f[1].trim()),
                        Double.parseDouble(f[2].trim()),
                        f.length == 4 ? Double.parseDouble(f[3].trim()) : 0);
            }
        }
        return new TracerClock(0, 0);
    }

    /** A {@link System#nanoTime()} reading on this clock. */
    long local(long nanoTime) {
        if (offset == 0 && drift == 0) {
            return nanoTime;
        }
        return nanoTime + offset + Math.round(nanoTime * drift);
    }

    long now() {
        return local(System.nanoTime());
    }

    /** {@code m} made wrong by the bias (a test-only measurement error beyond its bound). */
    ClockSync.Measurement biased(ClockSync.Measurement m) {
        if (bias == 0) {
            return m;
        }
        return new ClockSync.Measurement(m.local, m.offset + Math.round(bias * m.error), m.error);
    }

    boolean skewed() {
        return offset != 0 || drift != 0;
    }
}
