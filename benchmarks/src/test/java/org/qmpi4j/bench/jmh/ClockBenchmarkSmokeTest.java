package org.qmpi4j.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** Not a measurement: keeps the clock benchmark compiling and running. */
class ClockBenchmarkSmokeTest {
    @Test
    void runs() throws Exception {
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                        .include("^" + ClockBenchmark.class.getName().replace(".", "\\.") + "\\.")
                        .forks(0)
                        .warmupIterations(0)
                        .measurementIterations(1)
                        .measurementTime(TimeValue.milliseconds(20))
                        .jvmArgsAppend("-Djmh.ignoreLock=true")
                        .shouldFailOnError(true)
                        .build())
                .run();
        assertThat(results).hasSize(1);
        assertThat(results.iterator().next().getPrimaryResult().getScore()).isPositive();
    }
}
