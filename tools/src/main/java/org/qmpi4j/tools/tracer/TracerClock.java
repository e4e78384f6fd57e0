package org.qmpi4j.tools.tracer;

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
                    + " `<rank>:<offset ns>:<drift ppm>` entries separated by commas, e.g. `1:2000000000:80,2:-1500000000:-50`:"
                    + " that rank's timestamps become t + offset + t * drift / 10^6; ranks not named are not skewed");

    private final long offset;
    private final double drift;

    TracerClock(long offset, double driftPpm) {
        this.offset = offset;
        this.drift = driftPpm / 1e6;
    }

    /** The clock of {@code rank} under the skew setting {@code spec} (null or blank: none). */
    static TracerClock forRank(String spec, int rank) {
        if (spec == null || spec.isBlank() || spec.trim().equals("none")) {
            return new TracerClock(0, 0);
        }
        for (String entry : spec.split(",")) {
            String[] f = entry.trim().split(":");
            if (f.length != 3) {
                throw new IllegalArgumentException(
                        TEST_SKEW.key() + ": expected <rank>:<offset ns>:<drift ppm>, found \"" + entry.trim() + "\"");
            }
            if (Integer.parseInt(f[0].trim()) == rank) {
                return new TracerClock(Long.parseLong(f[1].trim()), Double.parseDouble(f[2].trim()));
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

    boolean skewed() {
        return offset != 0 || drift != 0;
    }
}
