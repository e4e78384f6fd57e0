package org.qmpi4j.bench.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;

/**
 * Not a measurement: keeps the real-MPI comparison running. One repetition of tiny jobs, without
 * the agent and with four pass-through tools on the agent's tool path, under real mpirun; the
 * profiler variant either runs or is reported as not available.
 */
class MpiOverheadSmokeTest {
    @Test
    void everyJobRunsAndIsUnderstood(@TempDir Path out) throws Exception {
        MpiOverhead.Settings s = new MpiOverhead.Settings();
        s.repetitions = 1;
        s.variants = List.of(Variants.NONE, Variants.PASS4, Variants.PROFILER);
        s.pingPong = "0,8,1024:100:100 65536,1048576:2:5";
        s.stencil = "32 5";
        s.out = out;
        MpiOverhead.Report r = MpiOverhead.run(s, System.out);

        assertThat(r.metrics)
                .containsExactly(
                        "0 B", "8 B", "1 KiB", "64 KiB", "1 MiB", MpiOverhead.STENCIL_LOOP, MpiOverhead.STENCIL_JOB);
        for (Variant v : List.of(Variants.NONE, Variants.PASS4)) {
            for (String m : r.metrics) {
                assertThat(r.values(v, m))
                        .as("%s in %s", m, v)
                        .hasSize(1)
                        .allSatisfy(x -> assertThat(x).isPositive());
            }
        }
        if (r.unavailable.containsKey(Variants.PROFILER.id())) {
            assertThat(r.unavailable.get(Variants.PROFILER.id())).startsWith("n/a: tool not available");
        } else {
            assertThat(r.values(Variants.PROFILER, "0 B")).hasSize(1);
        }
        assertThat(r.markdown()).contains("## Targets (real MPI)", "4 pass-through tools");
        assertThat(out.resolve("mpi-repetitions.csv")).exists();
    }
}
