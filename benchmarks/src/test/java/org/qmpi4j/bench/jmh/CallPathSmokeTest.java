package org.qmpi4j.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;

/**
 * Not a measurement: keeps the JMH benchmarks compiling and running. Every benchmark runs once,
 * very briefly, without the agent and under one pass-through tool; every variant runs one
 * benchmark. Each forked JVM checks that calls are routed as its variant says, so a variant whose
 * agent option no longer works fails here.
 */
class CallPathSmokeTest {
    @Test
    void everyBenchmarkRunsWithoutAndWithTheAgent(@TempDir Path out) {
        CallPathRunner.Settings s = CallPathRunner.Settings.smoke(out);
        s.variants = List.of(Variants.NONE, Variants.PASS1);
        CallPathRunner.Report r = CallPathRunner.run(s, System.out);

        for (Variant v : s.variants) {
            for (String b : CallPathRunner.BENCHMARKS) {
                assertThat(r.cell(v, b)).as("%s in %s", b, v).isNotNull();
                assertThat(r.cell(v, b).nanos)
                        .as("%s in %s", b, v)
                        .isNotEmpty()
                        .allSatisfy(ns -> assertThat(ns).isPositive());
                assertThat(r.cell(v, b).bytes)
                        .as("allocation of %s in %s (-prof gc)", b, v)
                        .isNotEmpty();
            }
        }
        assertThat(r.markdown()).contains("## Targets (JMH)", "each pass-through tool");
    }

    @Test
    void everyVariantRuns(@TempDir Path out) {
        CallPathRunner.Settings s = CallPathRunner.Settings.smoke(out);
        s.benchmarks = "getRank";
        CallPathRunner.Report r = CallPathRunner.run(s, System.out);

        for (Variant v : Variants.CALL_PATH) {
            if (r.unavailable.containsKey(v.id())) {
                // Only tools the agent may not ship yet (profiler) may be missing, and then say so.
                assertThat(v.otherTools()).as(v.toString()).isNotEmpty();
                assertThat(r.unavailable.get(v.id())).startsWith("n/a: tool not available");
            } else {
                assertThat(r.cell(v, "getRank")).as(v.toString()).isNotNull();
                assertThat(r.cell(v, "getRank").nanos).as(v.toString()).isNotEmpty();
            }
        }
        assertThat(out.resolve("callpath-iterations.csv")).exists();
    }
}
