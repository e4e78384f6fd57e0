package org.qmpi4j.bench.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmpi4j.launch.JobResult;

class MpiOverheadParseTest {
    private static JobResult job(int exit, List<String> rank0, List<String> rank1) {
        return new JobResult(
                List.of("mpirun"), exit, false, Duration.ofMillis(1500), "", "", Map.of(0, rank0, 1, rank1));
    }

    private static final String OK0 = "QMPI4J-SAMPLE rank=0 sample=x result=OK detail=fine";
    private static final String OK1 = "QMPI4J-SAMPLE rank=1 sample=x result=OK detail=fine";

    @Test
    void pingPongFiguresAreTheInterquartileMeanPerSize() {
        Map<String, Double> f = MpiOverhead.parse(
                "latency",
                job(
                        0,
                        List.of(
                                "# ping-pong 0 <-> 1, 100 iterations per size after 10 warm-up",
                                "#      bytes    latency[us]         MB/s     median[us]        iqm[us]",
                                "           0           0.26          0.0          0.200         0.2012",
                                "        1024           0.32       3240.4          0.286         0.2874",
                                OK0),
                        List.of(OK1)),
                2);
        assertThat(f).containsExactly(Map.entry("0 B", 0.2012), Map.entry("1 KiB", 0.2874));
    }

    @Test
    void stencilFiguresAreItsLoopTimeAndTheJobsWallTime() {
        Map<String, Double> f = MpiOverhead.parse(
                "stencil",
                job(0, List.of("# stencil: 32x32 grid, 5 iterations on 2 ranks, 0.0123 s", OK0), List.of(OK1)),
                2);
        assertThat(f).containsEntry(MpiOverhead.STENCIL_LOOP, 0.0123).containsEntry(MpiOverhead.STENCIL_JOB, 1.5);
    }

    @Test
    void aFailedOrUnverifiedJobIsAnError() {
        assertThatThrownBy(() -> MpiOverhead.parse("latency", job(1, List.of(OK0), List.of(OK1)), 2))
                .hasMessageContaining("failed");
        assertThatThrownBy(() -> MpiOverhead.parse("latency", job(0, List.of(OK0), List.of()), 2))
                .hasMessageContaining("1 of 2 ranks verified");
        assertThatThrownBy(() -> MpiOverhead.parse("latency", job(0, List.of(OK0), List.of(OK1)), 2))
                .hasMessageContaining("no timing");
    }

    @Test
    void pingPongGroupsAreSizesWarmupAndTimedRoundTrips() {
        List<MpiOverhead.PingPongGroup> g = MpiOverhead.PingPongGroup.parse(" 0,8:1000:500   65536:20:10 ");
        assertThat(g).hasSize(2);
        assertThat(g.get(0).sizes).isEqualTo("0,8");
        assertThat(g.get(0).warmup).isEqualTo(1000);
        assertThat(g.get(1).iterations).isEqualTo(10);
        assertThatThrownBy(() -> MpiOverhead.PingPongGroup.parse("0,8:1000"))
                .hasMessageContaining("sizes:warm-up:timed");
        assertThatThrownBy(() -> MpiOverhead.PingPongGroup.parse("x:1:1")).isInstanceOf(NumberFormatException.class);
    }

    @Test
    void sizesAreNamedInBinaryUnits() {
        assertThat(MpiOverhead.sizeMetric(0)).isEqualTo("0 B");
        assertThat(MpiOverhead.sizeMetric(8)).isEqualTo("8 B");
        assertThat(MpiOverhead.sizeMetric(1024)).isEqualTo("1 KiB");
        assertThat(MpiOverhead.sizeMetric(65536)).isEqualTo("64 KiB");
        assertThat(MpiOverhead.sizeMetric(1 << 20)).isEqualTo("1 MiB");
        assertThat(MpiOverhead.sizeMetric(1000)).isEqualTo("1000 B");
    }
}
