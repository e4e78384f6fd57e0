package org.qmpi4j.formats.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** profile.json's {@code iterations}: written, read back equal, and absent in older profiles. */
class IterationsJsonTest {
    private static Profile profile() {
        return ProfileMerger.merge(List.of(SampleProfiles.rank(0, 2), SampleProfiles.rank(1, 2)));
    }

    @Test
    void foundIterationsRoundTrip() throws Exception {
        Iterations it = new Iterations(
                true,
                "found",
                new Iterations.Boundary("MPI_ALLREDUCE", "org.example.Solver", "main", "Solver.java", 42),
                3,
                List.of(
                        new Iterations.Span(1, 1, 0.015, 0.014, 0.001, 0),
                        new Iterations.Span(2, 2, 0.262, 0.150, 0.1, 1),
                        new Iterations.Span(3, 3, 0.005, 0.004, 0.001, 1)),
                new Iterations.WarmUp(1, 0.015, 3.0),
                new Iterations.Steady(2, 0.005, 0.0003, 0.00625, 1),
                new Iterations.Slowest(2, 0.262, 1),
                List.of(),
                null);
        String json = ProfileFormat.write(profile().withIterations(it));
        assertThat(json).contains("\"iterations\": {", "\"slowest_rank\": 1", "\"count\": 3");
        Profile back = ProfileFormat.read(json);
        Iterations read = Objects.requireNonNull(back.iterations());
        assertThat(read.count()).isEqualTo(3);
        assertThat(read.boundary()).isEqualTo(it.boundary());
        assertThat(read.series()).hasSize(3);
        assertThat(read.series().get(1).wallMax()).isEqualTo(0.262);
        assertThat(Objects.requireNonNull(read.slowest()).rank()).isEqualTo(1);
        assertThat(Objects.requireNonNull(read.warmup()).slowdown()).isEqualTo(3.0);
        assertThat(ProfileFormat.write(back)).isEqualTo(json);
    }

    @Test
    void waitMeansAndSpikesWithTheirCausesRoundTrip() throws Exception {
        Iterations it = new Iterations(
                true,
                "found",
                new Iterations.Boundary("MPI_ALLREDUCE", "org.example.Solver", "main", "Solver.java", 42),
                2,
                List.of(
                        new Iterations.Span(1, 1, 0.005, 0.004, 0.001, 0.00075, 0),
                        new Iterations.Span(2, 2, 0.262, 0.150, 0.1, Double.NaN, 1)),
                new Iterations.WarmUp(0, 0, 1),
                new Iterations.Steady(1, 0.005, 0.0003, 0.00625, 1),
                new Iterations.Slowest(2, 0.262, 1),
                List.of(
                        new Iterations.Spike(2, 0.262, 1, "gc", 0.25, 1),
                        new Iterations.Spike(7, 0.03, 0, null, Double.NaN, -1)),
                null);
        String json = ProfileFormat.write(profile().withIterations(it));
        assertThat(json)
                .contains("\"wait_s_mean\": 7.5E-4", "\"wait_s_mean\": null")
                .contains("\"cause\": \"gc\"", "\"cause_s\": 0.25", "\"cause\": null", "\"cause_rank\": -1");
        Iterations read = Objects.requireNonNull(ProfileFormat.read(json).iterations());
        assertThat(read.series().get(0).waitMean()).isEqualTo(0.00075);
        assertThat(read.series().get(1).waitMean()).isNaN();
        assertThat(read.spikes()).hasSize(2);
        assertThat(read.spikes().get(0).cause()).isEqualTo("gc");
        assertThat(read.spikes().get(0).causeSeconds()).isEqualTo(0.25);
        assertThat(read.spikes().get(0).causeRank()).isEqualTo(1);
        assertThat(read.spikes().get(1).cause()).isNull();
        assertThat(read.spikes().get(1).iteration()).isEqualTo(7);
        assertThat(ProfileFormat.write(ProfileFormat.read(json))).isEqualTo(json);
    }

    @Test
    void profilesWithoutWaitMeansOrSpikesReadAsUnknownAndNone() throws Exception {
        String json = ProfileFormat.write(profile()
                        .withIterations(new Iterations(
                                true,
                                "found",
                                new Iterations.Boundary("MPI_BARRIER", null, null, null, -1),
                                1,
                                List.of(new Iterations.Span(1, 1, 0.005, 0.004, 0.001, 0)),
                                null,
                                null,
                                null,
                                List.of(),
                                null)))
                .replace("\"wait_s_mean\": null, ", "")
                .replaceAll(",\\s*\"spikes\": \\[\\s*\\]", "");
        assertThat(json).doesNotContain("wait_s_mean").doesNotContain("spikes\"");
        Iterations read = Objects.requireNonNull(ProfileFormat.read(json).iterations());
        assertThat(read.series().get(0).waitMean()).isNaN();
        assertThat(read.spikes()).isEmpty();
    }

    /** {@code boundary.found_by}: written for each way, read back; absent (older profiles) reads as not said. */
    static Iterations foundBy(@org.qmpi4j.api.Nullable Iterations.FoundBy by) {
        return new Iterations(
                true,
                "marked",
                new Iterations.Boundary("MPI_PCONTROL", "org.example.Solver", "main", "Solver.java", 10),
                1,
                List.of(new Iterations.Span(1, 1, 0.005, 0.004, 0.001, 0)),
                new Iterations.WarmUp(0, 0, 1),
                new Iterations.Steady(1, 0.005, 0.0003, 0.00625, 0),
                new Iterations.Slowest(1, 0.005, 0),
                List.of(),
                by);
    }

    @Test
    void howTheBoundaryWasFoundRoundTrips() throws Exception {
        for (Iterations.FoundBy by : Iterations.FoundBy.values()) {
            String json = ProfileFormat.write(profile().withIterations(foundBy(by)));
            assertThat(json).contains("\"line\": 10, \"found_by\": \"" + by.json() + "\"");
            Iterations read = Objects.requireNonNull(ProfileFormat.read(json).iterations());
            assertThat(read.foundBy()).isEqualTo(by);
            assertThat(ProfileFormat.write(ProfileFormat.read(json))).isEqualTo(json);
        }
        assertThat(Iterations.FoundBy.PCONTROL.json()).isEqualTo("pcontrol");
        String older = ProfileFormat.write(profile().withIterations(foundBy(null)));
        assertThat(older).doesNotContain("found_by");
        assertThat(Objects.requireNonNull(ProfileFormat.read(older).iterations())
                        .foundBy())
                .isNull();
        // withWaitMeans keeps it
        assertThat(foundBy(Iterations.FoundBy.NAMED)
                        .withWaitMeans(new double[] {0.001})
                        .foundBy())
                .isEqualTo(Iterations.FoundBy.NAMED);
    }

    @Test
    void noneKeepsItsReasonAndOlderProfilesHaveNoIterations() throws Exception {
        String json = ProfileFormat.write(profile().withIterations(Iterations.none("no loop")));
        Iterations read = Objects.requireNonNull(ProfileFormat.read(json).iterations());
        assertThat(read.found()).isFalse();
        assertThat(read.reason()).isEqualTo("no loop");
        assertThat(ProfileFormat.read(ProfileFormat.write(profile())).iterations())
                .isNull();
    }
}
