package org.qmpi4j.tools.tracer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;

class PvarScheduleTest {
    @Test
    void samplesOncePerIntervalAtTheNextCall() {
        PvarSchedule s = new PvarSchedule(0.001, List.of());
        assertThat(s.due(MpiFunction.MPI_SEND, 0)).isTrue(); // the first call
        assertThat(s.due(MpiFunction.MPI_SEND, 999_999)).isFalse();
        assertThat(s.due(MpiFunction.MPI_RECV, 1_000_000)).isTrue();
        assertThat(s.due(MpiFunction.MPI_RECV, 1_500_000)).isFalse();
        assertThat(s.due(MpiFunction.MPI_RECV, 5_000_000)).isTrue();
    }

    @Test
    void chosenCallsSampleInsteadOfTheInterval() {
        PvarSchedule s = new PvarSchedule(0.001, List.of("MPI_Recv", " mpi_barrier"));
        assertThat(s.due(MpiFunction.MPI_SEND, 0)).isFalse();
        assertThat(s.due(MpiFunction.MPI_RECV, 1)).isTrue();
        assertThat(s.due(MpiFunction.MPI_RECV, 2)).isTrue();
        assertThat(s.due(MpiFunction.MPI_BARRIER, 3)).isTrue();
        assertThat(s.due(MpiFunction.MPI_SEND, 1_000_000_000)).isFalse();
        assertThatThrownBy(() -> new PvarSchedule(1, List.of("MPI_NOPE"))).isInstanceOf(IllegalArgumentException.class);
    }
}
