package org.qmpi4j.tools.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.tools.testing.FakeMpi;

class ChunkedGatherTest {
    @Test
    void blocksAreBoundedByTheRootsBufferAndTheLongestStream() {
        assertThat(ChunkedGather.blockPayload(4, 100)).isEqualTo(100);
        assertThat(ChunkedGather.blockPayload(4, 10L << 30)).isEqualTo(ChunkedGather.MAX_BLOCK);
        assertThat(ChunkedGather.blockPayload(100_000, 10L << 30)).isEqualTo(ChunkedGather.MIN_BLOCK);
        assertThat((long) ChunkedGather.blockPayload(1024, 10L << 30) * 1024)
                .isLessThanOrEqualTo(ChunkedGather.ROOT_BUFFER);
        assertThat(ChunkedGather.blockPayload(2, 0)).isEqualTo(1);
    }

    @Test
    void aStreamTravelsInRoundsAndArrivesWhole() throws Exception {
        new FakeMpi();
        WorldComm comm = new WorldComm(1, FakeMpi.BINDING);
        byte[] data = new byte[10_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 7);
        }
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        List<Integer> chunks = new ArrayList<>();
        ChunkedGather.run(
                comm,
                new ByteArrayInputStream(data),
                data.length,
                0,
                (rank, d, off, len) -> {
                    assertThat(rank).isZero();
                    chunks.add(len);
                    got.write(d, off, len);
                },
                1000);
        assertThat(chunks).hasSize(10).allMatch(n -> n == 1000);
        assertThat(got.toByteArray()).isEqualTo(data);
    }

    @Test
    void aFailingSinkDoesNotCutTheRoundsShort() throws Exception {
        new FakeMpi();
        WorldComm comm = new WorldComm(1, FakeMpi.BINDING);
        int[] calls = new int[1];
        assertThatThrownBy(() -> ChunkedGather.run(
                        comm,
                        new ByteArrayInputStream(new byte[5000]),
                        5000,
                        0,
                        (rank, d, off, len) -> {
                            calls[0]++;
                            throw new IOException("disk full");
                        },
                        1000))
                .hasMessage("disk full");
        assertThat(calls[0]).as("every round still ran").isEqualTo(5);
    }
}
