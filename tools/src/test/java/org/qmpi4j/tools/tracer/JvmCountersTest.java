package org.qmpi4j.tools.tracer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.jvm.JvmActivity;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * The tracer's cheap reading of the JVM's counters: a collection the test makes is given to the
 * interval or the call it happened in, with the time and count the JVM's own accounting
 * ({@link JvmActivity}) reports.
 */
class JvmCountersTest {
    @Test
    @SuppressWarnings("DoNotCall") // System.gc() is the collection under test
    void aCollectionIsGivenToTheIntervalOrCallItHappenedIn() throws Exception {
        JvmCounters opened = JvmCounters.open();
        assumeTrue(opened != null, "this JVM keeps no shared performance counters");
        JvmCounters j = Objects.requireNonNull(opened);
        long[] out = new long[TraceFormat.JVM_FIELDS];
        long t = System.nanoTime();
        j.enter(t);
        j.exit(t, t, out); // from here on the readings are this test's

        long tid = JvmActivity.callingThread();
        JvmActivity before = JvmActivity.now(tid);
        t = System.nanoTime();
        j.enter(t);
        System.gc();
        long end = System.nanoTime();
        assertThat(j.exit(t, end, out)).isTrue();
        JvmActivity after = JvmActivity.now(tid);
        assertThat(out[6]).as("collections inside the call").isEqualTo(after.gcPauses() - before.gcPauses());
        assertThat(out[6]).isPositive();
        assertThat(out[5])
                .as("pause ns inside the call")
                .isPositive()
                .isLessThanOrEqualTo(end - t)
                .isCloseTo(after.gcPauseNanos() - before.gcPauseNanos(), org.assertj.core.data.Offset.offset(1_000L));
        assertThat(out[0]).as("pause ns in the interval before").isZero();
        assertThat(out[1]).isZero();

        System.gc(); // between two calls
        t = System.nanoTime();
        j.enter(t);
        assertThat(j.exit(t, t, out)).isTrue();
        assertThat(out[0]).isPositive();
        assertThat(out[1]).isPositive();
        assertThat(out[5]).isZero();
        assertThat(out[6]).isZero();
    }

    @Test
    void aLifeCycleCallWithoutAnEntryReadingGivesEverythingToTheInterval() {
        JvmCounters opened = JvmCounters.open();
        assumeTrue(opened != null, "this JVM keeps no shared performance counters");
        JvmCounters j = Objects.requireNonNull(opened);
        long[] out = new long[TraceFormat.JVM_FIELDS];
        long t = System.nanoTime();
        j.enter(t);
        j.exit(t, t, out);
        System.gc();
        t = System.nanoTime();
        assertThat(j.exit(t, t, out)).isTrue(); // recorded after it ran: no enter()
        assertThat(out[0]).isPositive();
        assertThat(out[5]).isZero();
    }
}
