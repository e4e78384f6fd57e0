package org.qmpi4j.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.formats.json.JsonNode;

/**
 * The message arrows of a {@code trace.json} against the clock alignment it states: every arrow
 * has both ends, and (after the causality correction, {@code otherData.clock_correction}) none
 * points backwards: each receive ends at or after its send starts. {@link #check} also counts the
 * arrows of a trace built without the correction that point backwards (only within the two ranks'
 * bounds, or beyond them where a test made a measurement wrong on purpose).
 */
public final class TraceArrows {
    /** Arrows found, and how many of them point backwards (each within the bounds). */
    public final int arrows;

    public final int backwards;

    private TraceArrows(int arrows, int backwards) {
        this.arrows = arrows;
        this.backwards = backwards;
    }

    /**
     * Checks every arrow of {@code trace} (a parsed {@code trace.json} of {@code ranks} ranks) and
     * that each rank's offset has a bound under {@code maxBoundNs}, and that no arrow points
     * backwards: every receive ends at or after its send starts.
     */
    public static TraceArrows strict(JsonNode trace, int ranks, long maxBoundNs) throws Exception {
        TraceArrows a = count(trace, ranks, maxBoundNs, true);
        assertThat(a.backwards)
                .as("arrows pointing backwards (of %d; correction %s)", a.arrows, correction(trace))
                .isZero();
        return a;
    }

    /** What the trace says its causality correction did, for assertion messages. */
    private static String correction(JsonNode trace) {
        try {
            JsonNode other = trace.optional("otherData");
            JsonNode c = other == null ? null : other.optional("clock_correction");
            if (c == null) {
                return "absent";
            }
            StringBuilder b = new StringBuilder();
            for (String k : new String[] {
                "status", "messages", "backward_before", "unmatched_ends", "ends_not_used", "unmet_constraints"
            }) {
                JsonNode v = c.optional(k);
                if (v != null) {
                    b.append(k).append('=').append(k.equals("status") ? v.asString() : Long.toString(v.asLong()));
                    b.append(' ');
                }
            }
            return b.toString().trim();
        } catch (Exception e) {
            return "unreadable: " + e;
        }
    }

    /**
     * Checks every arrow of {@code trace} (a parsed {@code trace.json} of {@code ranks} ranks) and
     * that each rank's offset has a bound under {@code maxBoundNs}; returns how many point
     * backwards at all (each within the bounds).
     */
    public static TraceArrows check(JsonNode trace, int ranks, long maxBoundNs) throws Exception {
        return count(trace, ranks, maxBoundNs, true);
    }

    /** As {@link #check}, without asking that backward arrows stay within the bounds. */
    public static TraceArrows countBackwards(JsonNode trace, int ranks, long maxBoundNs) throws Exception {
        return count(trace, ranks, maxBoundNs, false);
    }

    private static TraceArrows count(JsonNode trace, int ranks, long maxBoundNs, boolean withinBounds)
            throws Exception {
        List<JsonNode> offsets = trace.get("otherData").get("clock_offsets").elements();
        assertThat(offsets).as("clock offsets, one per rank").hasSize(ranks);
        double[] boundUs = new double[ranks];
        for (JsonNode o : offsets) {
            long measured = Math.max(
                    o.get("init_error_ns").asLong(), o.get("final_error_ns").asLong());
            int rank = (int) o.get("rank").asLong();
            assertThat(measured).as("clock error bound of rank %d (ns)", rank).isBetween(0L, maxBoundNs);
            // Over the rank's calls the bound is wider than the measurements' where the trace states it.
            JsonNode stated = o.optional("error_bound_ns");
            boundUs[rank] = (stated != null ? Math.max(measured, stated.asLong()) : measured) / 1e3;
        }
        Map<String, Double> starts = new HashMap<>();
        Map<String, Double> ends = new HashMap<>();
        for (JsonNode e : trace.get("traceEvents").elements()) {
            String ph = e.get("ph").asString();
            if (ph.equals("s")) {
                starts.put(e.get("id").asString(), e.get("ts").asDouble());
            } else if (ph.equals("f")) {
                ends.put(e.get("id").asString(), e.get("ts").asDouble());
            }
        }
        assertThat(ends.keySet()).as("every arrow has both ends").isEqualTo(starts.keySet());
        int backwards = 0;
        for (Map.Entry<String, Double> s : starts.entrySet()) {
            String[] id = s.getKey().split("-");
            double bound = boundUs[Integer.parseInt(id[0])] + boundUs[Integer.parseInt(id[1])];
            double end = ends.get(s.getKey());
            if (withinBounds) {
                assertThat(end)
                        .as(
                                "arrow %s: received at %s us, sent at %s us, bounds %s us",
                                s.getKey(), end, s.getValue(), bound)
                        .isGreaterThanOrEqualTo(s.getValue() - bound);
            }
            backwards += end < s.getValue() ? 1 : 0;
        }
        return new TraceArrows(starts.size(), backwards);
    }
}
