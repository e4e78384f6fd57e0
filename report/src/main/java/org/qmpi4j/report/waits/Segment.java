package org.qmpi4j.report.waits;

/** A stretch of one rank's time the analysis keeps to explain that rank's lateness. */
abstract class Segment {
    final long start;
    final long end;

    Segment(long start, long end) {
        this.start = start;
        this.end = end;
    }
}
