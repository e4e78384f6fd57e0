package org.qmpi4j.report.waits;

import java.util.Comparator;
import org.qmpi4j.formats.waits.Interval;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * The orders the report lists things in, as plain classes: the analysis runs once per job at
 * {@code MPI_Finalize}, where each lambda or {@code Comparator.comparing} chain would spin classes
 * and give the JIT more to compile (docs/architecture.md, "What a short job pays").
 */
final class ReportOrder {
    private ReportOrder() {}

    /** Wait states: longest first, then by rank, pattern, function and call site. */
    static final Comparator<WaitReport.WaitState> STATES = new States();

    /** Delays: largest first, then by the interval's rank and description. */
    static final Comparator<WaitReport.Delay> DELAYS = new Delays();

    /** Steps of the critical path: longest first, then by the interval's rank and description. */
    static final Comparator<WaitReport.PathStep> PATH = new Path();

    /** Single waits: shortest first (the head of a queue of the longest is the one to drop). */
    static final Comparator<WaitReport.Instance> SHORTEST_WAIT = new ShortestWait();

    /** Single waits: longest first. */
    static final Comparator<WaitReport.Instance> LONGEST_WAIT = new LongestWait();

    private static final class States implements Comparator<WaitReport.WaitState> {
        @Override
        public int compare(WaitReport.WaitState a, WaitReport.WaitState b) {
            int c = Long.compare(b.ns(), a.ns());
            if (c == 0) {
                c = Integer.compare(a.rank(), b.rank());
            }
            if (c == 0) {
                c = Integer.compare(a.pattern().ordinal(), b.pattern().ordinal());
            }
            if (c == 0) {
                c = a.function().compareTo(b.function());
            }
            if (c == 0) {
                c = a.site().toString().compareTo(b.site().toString());
            }
            return c;
        }
    }

    private static final class Delays implements Comparator<WaitReport.Delay> {
        @Override
        public int compare(WaitReport.Delay a, WaitReport.Delay b) {
            int c = Long.compare(b.ns(), a.ns());
            return c != 0 ? c : byInterval(a.interval(), b.interval());
        }
    }

    private static final class Path implements Comparator<WaitReport.PathStep> {
        @Override
        public int compare(WaitReport.PathStep a, WaitReport.PathStep b) {
            int c = Long.compare(b.ns(), a.ns());
            return c != 0 ? c : byInterval(a.interval(), b.interval());
        }
    }

    private static final class ShortestWait implements Comparator<WaitReport.Instance> {
        @Override
        public int compare(WaitReport.Instance a, WaitReport.Instance b) {
            return Long.compare(a.waitNs(), b.waitNs());
        }
    }

    private static final class LongestWait implements Comparator<WaitReport.Instance> {
        @Override
        public int compare(WaitReport.Instance a, WaitReport.Instance b) {
            return Long.compare(b.waitNs(), a.waitNs());
        }
    }

    private static int byInterval(Interval a, Interval b) {
        int c = Integer.compare(a.rank(), b.rank());
        return c != 0 ? c : a.describe().compareTo(b.describe());
    }
}
