package org.qmpi4j.report.trace;

import java.io.IOException;

/**
 * What every trace format's assembler takes: the ranks' shards in pieces of any size (even
 * mid-line), each rank's in file order, and the end of each rank's shard.
 */
public interface ShardAssembler {
    /** Feeds {@code len} bytes of rank {@code rank}'s trace file, in file order. */
    void feed(int rank, byte[] data, int off, int len) throws IOException;

    /** Rank {@code rank}'s file ended; an unterminated last line is reported and skipped. */
    void endRank(int rank) throws IOException;
}
