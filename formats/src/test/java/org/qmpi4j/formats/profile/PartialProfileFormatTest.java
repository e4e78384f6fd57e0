package org.qmpi4j.formats.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartialProfileFormatTest {
    /** Ranks differ in which functions they call first, so the merged order of functions is tested too. */
    static RankProfile rank(int rank, int size) {
        RankProfile.Builder b = RankProfile.builder(rank, size, "openmpi")
                .state(rank % 3 == 2 ? RankProfile.State.RUNNING : RankProfile.State.FINALIZED)
                .appNs(1_000_000 + rank)
                .environment("host", "node" + rank / 2);
        if (rank % 2 == 1) {
            b.function("MPI_ALLREDUCE", "COLLECTIVE", new CallStats().add(900 + rank, 8, true));
        }
        CallStats sends = new CallStats().add(1000 + rank, 4, true).add(3000, 1 << rank % 20, true);
        SiteKey site = new SiteKey("MPI_SEND", "org.example.Ring", "main", rank % 4 == 0 ? null : "Ring.java", 42);
        return b.function("MPI_SEND", "POINT_TO_POINT", sends)
                .function("MPI_BARRIER", "COLLECTIVE", new CallStats())
                .site(site, sends)
                .sent((rank + 1) % size, 2, 1004 + rank)
                .sent((rank + 3) % size, 1, 7)
                .sentToOtherWorld("intercomm", rank % 2, 1, 10 + rank)
                .build();
    }

    static String json(Profile p) {
        return ProfileFormat.write(p).replace(p.created(), "T");
    }

    @Test
    void partialsCombinedInRankOrderEqualTheMergeOfEveryRank() throws IOException {
        int size = 11;
        List<Integer> lacking = List.of(3, 8);
        ProfileMerger.Streaming oneByOne = new ProfileMerger.Streaming();
        ProfileMerger.Streaming[] partials = new ProfileMerger.Streaming[] {
            new ProfileMerger.Streaming(), new ProfileMerger.Streaming(), new ProfileMerger.Streaming()
        };
        for (int r = 0; r < size; r++) {
            if (!lacking.contains(r)) {
                oneByOne.add(rank(r, size));
                partials[r < 4 ? 0 : r < 9 ? 1 : 2].add(rank(r, size));
            }
        }
        ProfileMerger.Streaming combined = PartialProfileFormat.read(PartialProfileFormat.write(partials[0]));
        combined.combine(PartialProfileFormat.read(PartialProfileFormat.write(partials[1])))
                .combine(PartialProfileFormat.read(PartialProfileFormat.write(new ProfileMerger.Streaming())))
                .combine(PartialProfileFormat.read(PartialProfileFormat.write(partials[2])));
        assertThat(combined.ranks()).hasSize(size - lacking.size()).doesNotContainAnyElementsOf(lacking);
        Profile expected = oneByOne.finish();
        Profile got = combined.finish();
        assertThat(got.missingRanks()).isEqualTo(lacking);
        assertThat(json(got)).isEqualTo(json(expected));
        assertThat(got.functions().keySet()).containsExactly("MPI_SEND", "MPI_BARRIER", "MPI_ALLREDUCE");
    }

    @Test
    void aRankInTwoPartialsOrAnotherJobIsRefused() throws IOException {
        ProfileMerger.Streaming a =
                new ProfileMerger.Streaming().add(rank(0, 4)).add(rank(1, 4));
        ProfileMerger.Streaming b = new ProfileMerger.Streaming().add(rank(1, 4));
        assertThatThrownBy(() -> a.combine(b)).hasMessageContaining("rank 1 appears twice");
        assertThat(a.ranks()).containsExactly(0, 1);
        ProfileMerger.Streaming other = new ProfileMerger.Streaming().add(rank(2, 5));
        assertThatThrownBy(() -> a.combine(other)).hasMessageContaining("5 ranks");
    }

    @Test
    void strayOrCutBytesAreRefused() {
        byte[] whole = PartialProfileFormat.write(new ProfileMerger.Streaming().add(rank(0, 2)));
        assertThatThrownBy(() -> PartialProfileFormat.read(new byte[] {1, 2, 3}))
                .isInstanceOf(IOException.class);
        assertThatThrownBy(() -> PartialProfileFormat.read(java.util.Arrays.copyOf(whole, whole.length - 5)))
                .isInstanceOf(IOException.class);
    }
}
