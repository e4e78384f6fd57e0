package org.qmpi4j.report.waits;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.Interval;
import org.qmpi4j.formats.waits.Pattern;

/**
 * One MPI call of a rank, and the longest wait found for it so far: whom it waited for, how long,
 * and why the late rank was late.
 */
final class CallSegment extends Segment {
    final int rank;
    final String function;
    final CallSite site;
    /** The exit of the rank's call before this one, or -1 for its first. */
    final long previousExit;
    /** The root of a rooted collective. */
    boolean root;
    /** Whether it takes part in its collective's wait (a member that names no root does not). */
    boolean partakes = true;
    /** Its rank has moved on to its next call. */
    boolean finalized;
    /** Its wait has been counted. */
    boolean emitted;

    @Nullable
    Pattern pattern;

    long waitNs;
    int peer = -1;

    @Nullable
    String lateFunction;

    @Nullable
    CallSite lateSite;

    long lateStart;
    long lateEnd;
    long latePreviousExit;
    /** The two ranks' clock error bounds added: a shorter wait may be the clocks'. */
    long bound;
    /** This rank's clock error bound on the common clock, when the call was made. */
    final long ownBound;

    @Nullable
    WaitCauses causes;
    /** The late rank's critical path up to its late call, which this call's path takes over. */
    @Nullable
    CriticalPathNode lateNode;

    CallSegment(WaitEvent e, long previousExit) {
        super(e.enter, e.exit, e.jvmKnown ? JvmParts.inside(e.jvm) : null);
        this.rank = e.rank;
        this.function = e.function;
        this.site = e.site;
        this.previousExit = previousExit;
        this.ownBound = e.errorBound;
    }

    Interval mpiInterval() {
        return new Interval(rank, Interval.Kind.MPI, function, site, null, null);
    }
}
