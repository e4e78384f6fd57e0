package org.qmpi4j.report.waits;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.Interval;

/** A rank's time outside MPI, between the exit of one call and the entry of the next. */
final class ComputationSegment extends Segment {
    final @Nullable String previous;
    final @Nullable CallSite previousSite;
    final String function;
    final CallSite site;

    ComputationSegment(
            long start,
            long end,
            @Nullable String previous,
            @Nullable CallSite previousSite,
            String function,
            CallSite site,
            @Nullable long[] jvm) {
        super(start, end, jvm);
        this.previous = previous;
        this.previousSite = previousSite;
        this.function = function;
        this.site = site;
    }

    Interval interval(int rank) {
        return new Interval(rank, Interval.Kind.COMPUTATION, function, site, previous, previousSite);
    }
}
