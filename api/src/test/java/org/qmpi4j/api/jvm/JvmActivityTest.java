package org.qmpi4j.api.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class JvmActivityTest {
    @Test
    @DisplayName("This JVM's counters: a System.gc() is a pause of a pausing collector with the JVM's cause; "
            + "its safepoint is not counted again as another safepoint")
    void readsThisJvm() {
        long thread = JvmActivity.callingThread();
        JvmActivity before = JvmActivity.now(thread);
        System.gc();
        JvmActivity after = JvmActivity.now(thread);
        assertThat(after.countersRead()).isTrue();
        assertThat(after.collectors()).isNotEmpty();
        assertThat(after.gcPauses()).isGreaterThan(before.gcPauses());
        assertThat(after.gcPauseNanos()).isGreaterThan(before.gcPauseNanos());
        assertThat(after.lastGcCause()).isEqualTo("System.gc()");
        assertThat(after.classLoadingNanos()).isPositive();
        assertThat(thread).isPositive();
        assertThat(after.descheduledNanos()).isGreaterThanOrEqualTo(before.descheduledNanos());
    }

    @Test
    @DisplayName("Not an hsperfdata file: nothing read")
    void notAFile() {
        assertThat(PerfData.parse(ByteBuffer.allocate(64), "sun.")).isNull();
        assertThat(SchedulerStats.parseWaiting("1182466 433841 5\n")).isEqualTo(433841);
        assertThat(SchedulerStats.waitingNanos(SchedulerStats.NO_THREAD)).isZero();
        assertThat(SchedulerStats.parseInvoluntary("voluntary_ctxt_switches:\t12\nnonvoluntary_ctxt_switches:\t7\n"))
                .isEqualTo(7);
        assertThat(SchedulerStats.parseInvoluntary("Name:\tjava\n")).isZero();
    }

    @Test
    @DisplayName("Classes loaded as the class-loading bean counts them; the calling thread's involuntary switches")
    void classesAndSwitches() {
        java.lang.management.ClassLoadingMXBean bean = java.lang.management.ManagementFactory.getClassLoadingMXBean();
        long beanBefore = bean.getTotalLoadedClassCount();
        JvmActivity a = JvmActivity.now(JvmActivity.callingThread());
        long beanAfter = bean.getTotalLoadedClassCount();
        assertThat(a.classesLoaded()).isBetween(beanBefore, beanAfter);
        assertThat(a.descheduledCount()).isGreaterThanOrEqualTo(0);
        assertThat(JvmActivity.now(JvmActivity.NO_THREAD).descheduledCount()).isZero();
    }
}
