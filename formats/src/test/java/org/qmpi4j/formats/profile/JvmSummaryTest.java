package org.qmpi4j.formats.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.Nullable;

class JvmSummaryTest {
    private static JvmSummary summary(int rank) {
        return new JvmSummary(
                12_000_000L * (rank + 1),
                8 + rank,
                3_000_000,
                5,
                41_000_000,
                2_500_000,
                List.of(
                        new JvmSummary.Collector("G1 young collection pauses", 2_000_000, 1, true),
                        new JvmSummary.Collector(
                                "G1 full collection pauses", 12_000_000L * (rank + 1) - 2_000_000, 7 + rank, true),
                        new JvmSummary.Collector("Shenandoah full", 9_000_000, 3, false)),
                rank == 0 ? null : "System.gc()");
    }

    private static RankProfile rank(int rank, int size, boolean withJvm) {
        RankProfile p = PartialProfileFormatTest.rank(rank, size);
        if (!withJvm) {
            return p;
        }
        RankProfile.Builder b = RankProfile.builder(rank, size, p.binding())
                .state(p.state())
                .appNs(p.appNs())
                .jvm(summary(rank));
        p.environment().forEach(b::environment);
        p.functions().forEach((f, s) -> b.function(f, p.kinds().get(f), s));
        return b.build();
    }

    private static void assertSame(@Nullable JvmSummary got, JvmSummary expected) {
        Objects.requireNonNull(got, "the rank has no jvm object");
        assertThat(got.gcPauseNs()).isEqualTo(expected.gcPauseNs());
        assertThat(got.gcCount()).isEqualTo(expected.gcCount());
        assertThat(got.safepointNs()).isEqualTo(expected.safepointNs());
        assertThat(got.safepointCount()).isEqualTo(expected.safepointCount());
        assertThat(got.classLoadingNs()).isEqualTo(expected.classLoadingNs());
        assertThat(got.descheduledNs()).isEqualTo(expected.descheduledNs());
        assertThat(got.lastGcCause()).isEqualTo(expected.lastGcCause());
        assertThat(got.collectors()).hasSameSizeAs(expected.collectors());
        for (int i = 0; i < got.collectors().size(); i++) {
            JvmSummary.Collector g = got.collectors().get(i);
            JvmSummary.Collector e = expected.collectors().get(i);
            assertThat(g.name()).isEqualTo(e.name());
            assertThat(g.nanos()).isEqualTo(e.nanos());
            assertThat(g.count()).isEqualTo(e.count());
            assertThat(g.pauses()).isEqualTo(e.pauses());
        }
    }

    @Test
    @DisplayName("A rank's jvm object goes from its file through the partial merge between ranks into profile.json "
            + "and back; a rank without one has none")
    void travelsFromRankToProfile() throws Exception {
        int size = 3;
        ProfileMerger.Streaming first = new ProfileMerger.Streaming();
        ProfileMerger.Streaming second = new ProfileMerger.Streaming();
        for (int r = 0; r < size; r++) {
            RankProfile p = RankProfileFormat.read(RankProfileFormat.write(rank(r, size, r != 1)));
            (r == 0 ? first : second).add(p);
        }
        ProfileMerger.Streaming combined = PartialProfileFormat.read(PartialProfileFormat.write(first))
                .combine(PartialProfileFormat.read(PartialProfileFormat.write(second)));
        String json = ProfileFormat.write(combined.finish());
        assertThat(json).contains("\"gc_pause_s\": 0.012", "\"last_gc_cause\": \"System.gc()\"");
        Profile back = ProfileFormat.read(json);
        assertSame(back.rankSummaries().get(0).jvm(), summary(0));
        assertThat(back.rankSummaries().get(1).jvm()).isNull();
        assertSame(back.rankSummaries().get(2).jvm(), summary(2));
        assertThat(back.rankSummaries().get(2).environment()).doesNotContainKey("jvm");
        assertThat(ProfileFormat.write(back).replace(back.created(), "T")).isEqualTo(json.replace(back.created(), "T"));
    }

    @Test
    @DisplayName("A profile written before ranks had a jvm object reads as before, without one")
    void olderProfilesHaveNone() throws Exception {
        Profile old = ProfileMerger.merge(List.of(rank(0, 2, false), rank(1, 2, false)));
        String json = ProfileFormat.write(old);
        assertThat(json).doesNotContain("\"jvm\"");
        Profile back = ProfileFormat.read(json);
        assertThat(back.rankSummaries()).allSatisfy(r -> assertThat(r.jvm()).isNull());
    }
}
