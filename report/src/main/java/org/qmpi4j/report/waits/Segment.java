package org.qmpi4j.report.waits;

import org.qmpi4j.api.Nullable;

/** A stretch of one rank's time the analysis keeps to explain that rank's lateness. */
abstract class Segment {
    final long start;
    final long end;
    /** What the JVM did in it ({@link JvmParts#KINDS} numbers), {@code null} if not known. */
    final @Nullable long[] jvm;

    Segment(long start, long end, @Nullable long[] jvm) {
        this.start = start;
        this.end = end;
        this.jvm = jvm;
    }
}
