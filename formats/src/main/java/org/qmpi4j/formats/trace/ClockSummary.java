package org.qmpi4j.formats.trace;

import org.qmpi4j.formats.json.JsonWriter;

/** A rank's clock alignment as the trace's metadata shows it (trace.json, trace-index.json). */
public final class ClockSummary {
    private ClockSummary() {}

    /**
     * {@code {rank, measurements, init_offset_ns, init_error_ns, final_offset_ns, final_error_ns,
     * drift_ppm, error_bound_ns}}: rank 0's clock = this rank's + offset, within ± error, as
     * measured; the drift the model takes; and how far any of the rank's calls, from local time
     * {@code firstLocal} to {@code lastLocal}, may be from the truth once mapped (before the
     * causality correction), absent without calls.
     */
    public static void write(JsonWriter w, int rank, ClockModel c, boolean calls, long firstLocal, long lastLocal) {
        w.beginObject().member("rank", rank).member("measurements", c.measurements());
        if (c.measurements() > 0) {
            w.member("init_offset_ns", c.firstOffset()).member("init_error_ns", c.firstError());
        }
        if (c.measurements() > 1) {
            w.member("final_offset_ns", c.lastOffset())
                    .member("final_error_ns", c.lastError())
                    .member("drift_ppm", Math.round(c.driftPpm() * 1000) / 1000.0);
        }
        if (calls && c.measurements() > 0) {
            w.member("error_bound_ns", bound(c, firstLocal, lastLocal));
        }
        w.endObject();
    }

    /**
     * The largest error bound from {@code firstLocal} to {@code lastLocal}: at one of the two, the
     * bound being convex in time (a band that widens away from the measurements, plus the distance
     * between two lines).
     */
    public static long bound(ClockModel c, long firstLocal, long lastLocal) {
        return Math.max(c.errorAt(firstLocal), c.errorAt(lastLocal));
    }
}
