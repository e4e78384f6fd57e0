package org.qmpi4j.report.trace;

import java.util.HashMap;
import java.util.Map;
import org.qmpi4j.formats.trace.ShardSite;

/**
 * One packet sequence ({@code trusted_packet_sequence_id}): whether it has started, and what it
 * has interned so far. Each rank writes on its own (rank + 1), so that the output of writers for
 * different ranks, concatenated, is one valid trace; the wait marks have one of their own.
 */
final class PerfettoSequence {
    /**
     * The packet sequence of the wait marks, which are appended after every rank's calls: its own,
     * so that it clears no rank's interned strings (the ranks' are their rank + 1, below 2^24).
     */
    static final long MARKS = (1L << 31) - 1;
    /** The packet sequence of the iteration counters, appended like the wait marks: its own. */
    static final long ITERATIONS = (1L << 31) - 2;

    final long id;
    boolean started;
    /** Threads described so far, which orders them. */
    int threads;
    /** The track of events that name none: the rank's first thread (incremental state). */
    long defaultTrack = -1;
    /** A measurement level's slice is open on the rank's levels track. */
    boolean levelOpen;

    final Map<String, Long> names = new HashMap<>();
    final Map<String, Long> categories = new HashMap<>();
    final Map<String, Long> annotationNames = new HashMap<>();
    /** By the shard's site objects: one per S line, so identity is the site. */
    final Map<ShardSite, Long> sites = new HashMap<>();

    private PerfettoSequence(long id) {
        this.id = id;
    }

    static PerfettoSequence ofRank(int rank) {
        return new PerfettoSequence(rank + 1L);
    }

    static PerfettoSequence ofIterations() {
        return new PerfettoSequence(ITERATIONS);
    }

    static PerfettoSequence ofWaitMarks() {
        return new PerfettoSequence(MARKS);
    }
}
