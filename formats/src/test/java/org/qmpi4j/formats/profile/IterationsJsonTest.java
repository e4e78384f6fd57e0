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
                new Iterations.Slowest(2, 0.262, 1));
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
    void noneKeepsItsReasonAndOlderProfilesHaveNoIterations() throws Exception {
        String json = ProfileFormat.write(profile().withIterations(Iterations.none("no loop")));
        Iterations read = Objects.requireNonNull(ProfileFormat.read(json).iterations());
        assertThat(read.found()).isFalse();
        assertThat(read.reason()).isEqualTo("no loop");
        assertThat(ProfileFormat.read(ProfileFormat.write(profile())).iterations())
                .isNull();
    }
}
