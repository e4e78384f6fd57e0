package org.qmpi4j.tools.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChunkedGatherTest {
    @Test
    void blocksAreBoundedByTheRootsBufferAndTheLongestStream() {
        assertThat(ChunkedGather.blockPayload(4, 100)).isEqualTo(100);
        assertThat(ChunkedGather.blockPayload(4, 10L << 30)).isEqualTo(ChunkedGather.MAX_BLOCK);
        assertThat(ChunkedGather.blockPayload(100_000, 10L << 30)).isEqualTo(ChunkedGather.MIN_BLOCK);
        assertThat((long) ChunkedGather.blockPayload(1024, 10L << 30) * 1024).isLessThanOrEqualTo(ChunkedGather.ROOT_BUFFER);
        assertThat(ChunkedGather.blockPayload(2, 0)).isEqualTo(1);
    }
}
