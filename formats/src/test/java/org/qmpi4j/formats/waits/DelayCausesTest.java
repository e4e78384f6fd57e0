package org.qmpi4j.formats.waits;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;
import org.qmpi4j.formats.waits.DelayCauses.Cause;

/** A delay's causes: they sum to the delay, survive profile.json, and profiles without them still read. */
class DelayCausesTest {
    private static final CallSite SITE = new CallSite("A", "main", "A.java", 7);
    private static final Interval LATE = new Interval(2, Interval.Kind.COMPUTATION, "MPI_BARRIER", SITE, null, null);

    @Test
    void theCausesSumToTheWholeAndTheJvmsNeverExceedIt() {
        DelayCauses c = DelayCauses.of(100, new long[] {30, 10, 5, 1}, 3);
        assertThat(c.ns(Cause.APPLICATION)).isEqualTo(54);
        assertThat(c.totalNs()).isEqualTo(100);
        assertThat(c.count(Cause.GC)).isEqualTo(3);
        // Counters that say more than the window held are scaled down together.
        DelayCauses over = DelayCauses.of(100, new long[] {150, 50, 0, 0}, 1);
        assertThat(over.ns(Cause.GC)).isEqualTo(75);
        assertThat(over.ns(Cause.SAFEPOINT)).isEqualTo(25);
        assertThat(over.ns(Cause.APPLICATION)).isZero();
        assertThat(DelayCauses.of(100, new long[4], 0).count(Cause.GC)).isZero();
    }

    @Test
    void causesRoundTripThroughProfileJsonAndOldProfilesHaveNone() throws Exception {
        DelayCauses c = DelayCauses.of(900_000_000L, new long[] {600_000_000L, 0, 0, 0}, 8);
        WaitReport r = new WaitReport(
                List.of(),
                List.of(
                        new WaitReport.Delay(LATE, 800_000_000L, 100_000_000L, 3, c),
                        new WaitReport.Delay(LATE, 5, 0, 1)),
                List.of(new WaitReport.PathStep(LATE, 900_000_000L, c)),
                900_000_000L,
                List.of(),
                1000,
                List.of());
        StringBuilder sb = new StringBuilder();
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject();
        WaitReportFormat.write(w, r);
        w.endObject();
        assertThat(sb.toString()).contains("{\"cause\":\"gc\",\"seconds\":0.6,\"count\":8}");
        WaitReport back = Objects.requireNonNull(WaitReportFormat.read(JsonNode.parse(sb)));
        DelayCauses d = Objects.requireNonNull(back.delays().get(0).causes());
        assertThat(d.ns(Cause.GC)).isEqualTo(600_000_000L);
        assertThat(d.ns(Cause.APPLICATION)).isEqualTo(300_000_000L);
        assertThat(d.count(Cause.GC)).isEqualTo(8);
        assertThat(back.delays().get(1).causes()).isNull();
        assertThat(Objects.requireNonNull(back.criticalPath().get(0).causes()).ns(Cause.GC))
                .isEqualTo(600_000_000L);
    }
}
