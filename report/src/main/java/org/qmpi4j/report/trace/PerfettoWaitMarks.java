package org.qmpi4j.report.trace;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.WaitReport;
import org.qmpi4j.report.waits.WaitAnalysis;

/**
 * Marks the wait instances the {@link WaitAnalysis} counted in a Perfetto trace of the same job:
 * each as a slice on the waiting rank's "Wait states" track, from the waiting call's entry for the
 * time it waited, named by its pattern, with the amount, the late rank and both calls as
 * arguments, and an arrow from it to an instant at the late call's entry on the late rank's
 * "Wait states" track. The marks are appended to the trace already written, on a packet sequence of
 * their own (a Perfetto trace is a repeated field: appended packets extend it), so that the
 * trace's writer need not wait for the analysis, which needs every rank's calls first.
 *
 * <p>The times are the analysis's, on the {@link Timeline}'s common clock: the same as the trace's
 * when both come from the same shards. Collects the instances in memory (about a hundred bytes
 * each; their call sites are shared) to write them in time order, the {@link #MOST} longest.
 */
public final class PerfettoWaitMarks implements WaitAnalysis.InstanceListener {
    /** Marks kept at most (the longest waits), so that memory stays bounded whatever the run's length. */
    public static final int MOST = 250_000;

    private final int most;
    private final PriorityQueue<WaitReport.Instance> instances = new PriorityQueue<>(new ShortestWait());
    private long counted;

    public PerfettoWaitMarks() {
        this(MOST);
    }

    /** Marks that keep the {@code most} longest waits. */
    public PerfettoWaitMarks(int most) {
        this.most = Math.max(1, most);
    }

    @Override
    public void counted(WaitReport.Instance instance) {
        counted++;
        if (instances.size() < most) {
            instances.add(instance);
        } else if (instance.waitNs() > instances.peek().waitNs()) {
            instances.poll();
            instances.add(instance);
        }
    }

    /** Wait instances that will be marked. */
    public int size() {
        return instances.size();
    }

    /** Wait instances counted but not marked: shorter than the {@link #MOST} longest. */
    public long left() {
        return counted - instances.size();
    }

    /**
     * Appends the marks to the Perfetto trace {@code pftrace}: to a copy under a temporary name,
     * renamed over it once complete, so that no reader (and no crash) ever sees the trace with part
     * of the marks; on a failure the trace stays as it was, readable without them.
     */
    public void appendTo(Path pftrace) throws IOException {
        if (instances.isEmpty()) {
            return;
        }
        Path tmp = org.qmpi4j.formats.files.AtomicFiles.temporaryFor(pftrace);
        try {
            Files.copy(pftrace, tmp);
            try (OutputStream out = new BufferedOutputStream(
                    Files.newOutputStream(tmp, StandardOpenOption.WRITE, StandardOpenOption.APPEND), 1 << 16)) {
                write(new PerfettoTraceWriter(out));
            }
            org.qmpi4j.formats.files.AtomicFiles.moveIntoPlace(tmp, pftrace);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes the marks with {@code w}, whose trace has already described every rank's process track. */
    void write(PerfettoTraceWriter w) throws IOException {
        List<WaitReport.Instance> sorted = new ArrayList<>(instances);
        sorted.sort(new ByEntry());
        for (WaitReport.Instance i : sorted) {
            long flow = PerfettoTraceWriter.flowId(
                    "wait " + i.rank() + " " + i.enter() + " " + i.lateRank() + " " + i.lateEnter());
            String waiting = i.function() + " at " + where(i.site());
            String late = i.lateFunction() + " at " + where(i.lateSite());
            String[] args = i.uncertain()
                    ? new String[] {
                        "call", waiting, "late_call", late, "uncertain", "shorter than the clocks' error bound"
                    }
                    : new String[] {"call", waiting, "late_call", late};
            w.waitSlice(
                    i.rank(),
                    i.enter(),
                    i.enter() + i.waitNs(),
                    i.pattern().label(),
                    i.waitNs(),
                    i.lateRank(),
                    flow,
                    args);
            w.lateCall(
                    i.lateRank(),
                    i.lateEnter(),
                    "late " + i.lateFunction(),
                    flow,
                    "made_wait",
                    String.format(
                            Locale.ROOT,
                            "rank %d, %.6f s in %s (%s)",
                            i.rank(),
                            i.waitNs() / 1e9,
                            waiting,
                            i.pattern().label()));
        }
    }

    private static String where(CallSite site) {
        if (!site.known()) {
            return "?";
        }
        String method = site.className() == null
                ? ""
                : " (" + site.className() + (site.methodName() == null ? "" : "." + site.methodName()) + ")";
        return site.shortText() + method;
    }

    /** The head of the queue of the longest waits is the one to drop. */
    private static final class ShortestWait implements Comparator<WaitReport.Instance> {
        @Override
        public int compare(WaitReport.Instance a, WaitReport.Instance b) {
            return Long.compare(a.waitNs(), b.waitNs());
        }
    }

    /** Time order: entry, ties by rank. */
    private static final class ByEntry implements Comparator<WaitReport.Instance> {
        @Override
        public int compare(WaitReport.Instance a, WaitReport.Instance b) {
            int c = Long.compare(a.enter(), b.enter());
            return c != 0 ? c : Integer.compare(a.rank(), b.rank());
        }
    }
}
