package org.qmpi4j.report.trace;

import org.qmpi4j.report.json.JsonWriter;

/** A rank's clock alignment as the trace's metadata shows it (trace.json, trace-index.json). */
final class ClockSummary {
    private ClockSummary() {}

    /**
     * {@code {rank, measurements, init_offset_ns, init_error_ns, final_offset_ns, final_error_ns,
     * drift_ppm}}: rank 0's clock = this rank's + offset, within ± error.
     */
    static void write(JsonWriter w, int rank, ClockModel c) {
        w.beginObject().member("rank", rank).member("measurements", c.measurements());
        if (c.measurements() > 0) {
            w.member("init_offset_ns", c.firstOffset()).member("init_error_ns", c.firstError());
        }
        if (c.measurements() > 1) {
            w.member("final_offset_ns", c.lastOffset())
                    .member("final_error_ns", c.lastError())
                    .member("drift_ppm", Math.round(c.driftPpm() * 1000) / 1000.0);
        }
        w.endObject();
    }
}
