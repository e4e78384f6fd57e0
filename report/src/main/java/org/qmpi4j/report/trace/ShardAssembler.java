package org.qmpi4j.report.trace;

import java.io.IOException;
import org.qmpi4j.formats.trace.TraceResult;

/**
 * What every trace format's assembler takes: the ranks' shards in pieces of any size (even
 * mid-line), each rank's in file order, the end of each rank's shard, and the end of the trace.
 */
public interface ShardAssembler {
    /** Feeds {@code len} bytes of rank {@code rank}'s trace file, in file order. */
    void feed(int rank, byte[] data, int off, int len) throws IOException;

    /** Rank {@code rank}'s file ended; an unterminated last line is reported and skipped. */
    void endRank(int rank) throws IOException;

    /** Completes the trace and flushes its output (which the caller closes); once. */
    TraceResult finish() throws IOException;
}
