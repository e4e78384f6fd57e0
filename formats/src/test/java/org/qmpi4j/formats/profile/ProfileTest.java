package org.qmpi4j.formats.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class ProfileTest {
    @Test
    void callStatsKeepCountsExtremesAndSizes() {
        CallStats s = new CallStats().add(1000, 4, true).add(3000, 0, true).add(2000, 1024, true);
        assertThat(s.calls()).isEqualTo(3);
        assertThat(s.timeNs()).isEqualTo(6000);
        assertThat(s.minNs()).isEqualTo(1000);
        assertThat(s.maxNs()).isEqualTo(3000);
        assertThat(s.bytes()).isEqualTo(1028);
        long[] h = Objects.requireNonNull(s.histogram());
        assertThat(h[0]).isEqualTo(1); // 0 B
        assertThat(h[SizeHistogram.bucketOf(4)]).isEqualTo(1);
        assertThat(h[11]).isEqualTo(1); // 1024 is in [1024, 2048)
        assertThat(new CallStats().minNs()).isZero();
        assertThat(new CallStats().merge(new CallStats()).minNs()).isZero();
    }

    @Test
    void histogramBuckets() {
        assertThat(SizeHistogram.bucketOf(0)).isZero();
        assertThat(SizeHistogram.bucketOf(1)).isEqualTo(1);
        assertThat(SizeHistogram.bucketOf(2)).isEqualTo(2);
        assertThat(SizeHistogram.bucketOf(3)).isEqualTo(2);
        assertThat(SizeHistogram.bucketOf(Long.MAX_VALUE)).isEqualTo(63);
        for (int k = 1; k < 64; k++) {
            assertThat(SizeHistogram.bucketOf(SizeHistogram.lowerBound(k))).isEqualTo(k);
            assertThat(SizeHistogram.bucketOf(SizeHistogram.upperBound(k))).isEqualTo(k);
        }
        assertThat(SizeHistogram.label(11)).isEqualTo("[1 KiB, 2 KiB)");
    }

    @Test
    void rankFileRoundTrip() throws Exception {
        RankProfile p = SampleProfiles.rank(1, 3);
        String json = RankProfileFormat.write(p);
        RankProfile back = RankProfileFormat.read(json);
        assertThat(RankProfileFormat.write(back)).isEqualTo(json);
        assertThat(
                        Objects.requireNonNull(
                                Objects.requireNonNull(back.functions().get("MPI_SEND"))
                                        .histogram())[SizeHistogram.bucketOf(4)])
                .isEqualTo(2);
        assertThat(back.sentBytes()).containsExactly(0, 0, 1032);
        assertThat(back.environment()).containsEntry("host", "node1");
    }

    @Test
    void rankFileErrorsSayWhatIsWrong() {
        assertThatThrownBy(() -> RankProfileFormat.read("{\"format\": \"x\"}"))
                .hasMessageContaining("qmpi4j-rank-profile");
        String json = RankProfileFormat.write(SampleProfiles.rank(0, 2));
        assertThatThrownBy(() -> RankProfileFormat.read(json.replace("\"version\": 1", "\"version\": 9")))
                .hasMessageContaining("version: 9");
        assertThatThrownBy(() -> RankProfileFormat.read(json.replace("\"rank\": 0", "\"rank\": 5")))
                .hasMessageContaining("rank 5 of 2");
        assertThatThrownBy(() -> RankProfileFormat.read(json.substring(0, json.length() / 2)))
                .hasMessageContaining("line");
    }

    @Test
    void mergeSumsFunctionsSitesAndFillsTheMatrixBySender() {
        Profile p = ProfileMerger.merge(List.of(SampleProfiles.rank(0, 3), SampleProfiles.rank(2, 3)));
        assertThat(p.ranks()).isEqualTo(3);
        assertThat(p.missingRanks()).containsExactly(1);
        assertThat(p.complete()).isFalse();
        Profile.Entry send = Objects.requireNonNull(p.functions().get("MPI_SEND"));
        assertThat(send.total().calls()).isEqualTo(6);
        assertThat(send.total().bytes()).isEqualTo(2064);
        assertThat(send.perRank().keySet()).containsExactly(0, 2);
        assertThat(p.sites()).hasSize(2);
        assertThat(p.matrixBytes()[0]).containsExactly(0, 1032, 0);
        assertThat(p.matrixBytes()[1]).containsExactly(0, 0, 0);
        assertThat(p.matrixBytes()[2]).containsExactly(1032, 0, 0);
        assertThat(p.matrixMessages()[2][0]).isEqualTo(3);
        assertThat(p.functionsByTime()).containsExactly("MPI_BARRIER", "MPI_SEND", "MPI_RECV");
        assertThat(p.collectivesByTime()).containsExactly("MPI_BARRIER");
        assertThat(p.totalMpiNs()).isEqualTo(2 * (6000 + 5000 + 7000));
    }

    @Test
    void mergeRejectsRanksOfDifferentJobs() {
        assertThatThrownBy(() -> ProfileMerger.merge(List.of(SampleProfiles.rank(0, 2), SampleProfiles.rank(1, 3))))
                .hasMessageContaining("job of 3");
        assertThatThrownBy(() -> ProfileMerger.merge(List.of(SampleProfiles.rank(0, 2), SampleProfiles.rank(0, 2))))
                .hasMessageContaining("twice");
    }

    @Test
    void profileJsonRoundTrip() throws Exception {
        Profile p = ProfileMerger.merge(List.of(SampleProfiles.rank(0, 2), SampleProfiles.rank(1, 2)));
        String json = ProfileFormat.write(p);
        assertThat(json)
                .contains(
                        "\"binding\": \"openmpi\"",
                        "\"ranks\": 2",
                        "\"functions\": [",
                        "\"callsites\": [",
                        "\"matrix\": {",
                        "\"per_rank\": [",
                        "\"name\": \"MPI_SEND\"");
        Profile back = ProfileFormat.read(json);
        String again = ProfileFormat.write(back);
        // Everything but the creation time survives (the reader keeps it too).
        assertThat(again).isEqualTo(json);
        assertThat(Objects.requireNonNull(back.functions().get("MPI_SEND"))
                        .total()
                        .histogram())
                .isEqualTo(Objects.requireNonNull(p.functions().get("MPI_SEND"))
                        .total()
                        .histogram());
    }
}
