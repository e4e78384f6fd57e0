package org.qmpi4j.formats.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.json.JsonNode;

/** The sparse forms of the matrix in the per-rank files and profile.json, and reading the older versions. */
class ScaleFormatsTest {
    private static RankProfile rank(int r, int size) {
        CallStats s = new CallStats().add(1000, 8, true);
        return RankProfile.builder(r, size, "openmpi")
                .state(RankProfile.State.FINALIZED)
                .appNs(5_000)
                .function("MPI_SEND", "POINT_TO_POINT", s)
                .site(new SiteKey("MPI_SEND", "A", "main", "A.java", 3), s)
                .sent((r + 1) % size, 1, 8)
                .sent((r + size - 1) % size, 2, 16)
                .build();
    }

    @Test
    void rankFilesAreSparseAboveTheLimitAndDenseBelowIt() throws Exception {
        int big = RankProfileFormat.DENSE_MAX_RANKS + 1;
        String json = RankProfileFormat.write(rank(0, big));
        JsonNode root = JsonNode.parse(json);
        assertThat(root.get("version").asLong()).isEqualTo(2);
        assertThat(root.get("sent").get("to").asLongArray()).containsExactly(1, big - 1);
        RankProfile back = RankProfileFormat.read(json);
        assertThat(RankProfileFormat.write(back)).isEqualTo(json);
        assertThat(back.sentBytes()[big - 1]).isEqualTo(16);

        String small = RankProfileFormat.write(rank(0, 4));
        assertThat(JsonNode.parse(small).get("version").asLong()).isEqualTo(1);
        assertThat(JsonNode.parse(small).get("sent").get("bytes").asLongArray()).containsExactly(0, 8, 0, 16);
    }

    @Test
    void profileJsonHasCellsAlwaysAndDenseArraysOnlyForSmallJobs() throws Exception {
        for (int size : new int[] {4, ProfileFormat.DENSE_MAX_RANKS + 1}) {
            ProfileMerger.Streaming m = new ProfileMerger.Streaming();
            for (int r = 0; r < size; r++) {
                m.add(rank(r, size));
            }
            Profile p = m.finish();
            String json = ProfileFormat.write(p);
            JsonNode matrix = JsonNode.parse(json).get("matrix");
            assertThat(matrix.get("cells").elements()).hasSize(2 * size);
            assertThat(matrix.get("cells").elements().get(0).asLongArray()).containsExactly(0, 1, 8, 1);
            assertThat(matrix.optional("bytes").isNull()).isEqualTo(size > ProfileFormat.DENSE_MAX_RANKS);
            Profile back = ProfileFormat.read(json);
            assertThat(back.matrix().pairs()).isEqualTo(2 * size);
            assertThat(back.matrix().bytes(size - 1, size - 2)).isEqualTo(16);
            assertThat(ProfileFormat.write(back).replace(back.created(), p.created()))
                    .isEqualTo(json);
        }
    }

    @Test
    void versionOneProfilesWithDenseMatricesAreStillRead() throws Exception {
        ProfileMerger.Streaming m = new ProfileMerger.Streaming();
        for (int r = 0; r < 3; r++) {
            m.add(rank(r, 3));
        }
        String v2 = ProfileFormat.write(m.finish());
        // Version 1 had no "pairs" and "cells", only the dense arrays.
        String v1 = v2.replace("\"version\": 2", "\"version\": 1")
                .replaceAll("\"pairs\": \\d+,\\s*", "")
                .replaceAll("\"cells\": \\[[^\\]]*(\\][^\\]]*)*?\\],\\s*(?=\"bytes\")", "");
        assertThat(v1).doesNotContain("\"cells\"");
        Profile back = ProfileFormat.read(v1);
        assertThat(back.matrix().messages(2, 1)).isEqualTo(2);
        assertThat(back.matrix().pairs()).isEqualTo(6);
    }

    @Test
    void blocksSumThePairsOfTheirRanks() {
        TrafficMatrix t = TrafficMatrix.builder(5)
                .add(0, 1, 10, 1)
                .add(1, 0, 5, 1)
                .add(4, 4, 7, 2)
                .add(0, 1, 1, 1)
                .build();
        assertThat(t.pairs()).isEqualTo(3);
        assertThat(t.bytes(0, 1)).isEqualTo(11);
        TrafficMatrix b = t.blocks(2);
        assertThat(b.ranks()).isEqualTo(3);
        assertThat(b.bytes(0, 0)).isEqualTo(16);
        assertThat(b.messages(0, 0)).isEqualTo(3);
        assertThat(b.bytes(2, 2)).isEqualTo(7);
        assertThat(b.pairs()).isEqualTo(2);
        assertThat(t.denseBytes()[4]).containsExactly(0, 0, 0, 0, 7);
        assertThat(List.of(t.totalBytes(), t.maxMessages())).containsExactly(23L, 2L);
    }

    @Test
    void theBuilderSumsPairsAddedInAnyOrderAsADenseMatrixWould() {
        int n = 40;
        long[][] bytes = new long[n][n];
        long[][] messages = new long[n][n];
        TrafficMatrix.Builder b = TrafficMatrix.builder(n);
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 5_000; i++) { // rows grow past their first arrays; pairs repeat
            int from = random.nextInt(n);
            int to = random.nextInt(n);
            long by = random.nextInt(1000);
            b.add(from, to, by, 1);
            bytes[from][to] += by;
            messages[from][to]++;
        }
        TrafficMatrix t = b.build();
        assertThat(t.denseBytes()).isDeepEqualTo(bytes);
        assertThat(t.denseMessages()).isDeepEqualTo(messages);
        long[] previous = {-1, -1};
        t.forEach((from, to, by, msgs) -> {
            assertThat(from * (long) n + to)
                    .as("by sender, then receiver")
                    .isGreaterThan(previous[0] * n + previous[1]);
            previous[0] = from;
            previous[1] = to;
        });
        b.add(0, 0, 1, 1);
        assertThat(t.bytes(0, 0))
                .as("a built matrix does not change with its builder")
                .isEqualTo(bytes[0][0]);
    }
}
