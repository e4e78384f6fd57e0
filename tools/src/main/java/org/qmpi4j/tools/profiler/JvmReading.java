package org.qmpi4j.tools.profiler;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.jvm.JvmActivity;
import org.qmpi4j.formats.profile.JvmSummary;

/**
 * What the JVM did to this rank since it started, read through the API's {@link JvmActivity} when
 * the rank's profile is written at the end. Not through the agent's MPI_T variables, which say the
 * same: the first use of MPI_T in a process makes its registry and looks up the MPI library's own
 * variables, half a second of CPU per rank at the end of every job.
 */
final class JvmReading {
    /** The thread that calls MPI: the one that ran MPI_Init. */
    private final long thread;

    /** On the thread that calls MPI. */
    JvmReading() {
        this.thread = JvmActivity.callingThread();
    }

    /** The totals now. */
    JvmSummary read() {
        JvmActivity a = JvmActivity.now(thread);
        List<JvmSummary.Collector> collectors = new ArrayList<>();
        for (int i = 0; i < a.collectors().size(); i++) {
            collectors.add(new JvmSummary.Collector(
                    a.collectors().get(i), a.collectorNanos(i), a.collectorCount(i), a.pausing(i)));
        }
        return new JvmSummary(
                a.gcPauseNanos(),
                a.gcPauses(),
                a.safepointNanos(),
                a.safepoints(),
                a.classLoadingNanos(),
                a.descheduledNanos(),
                collectors,
                a.lastGcCause());
    }
}
