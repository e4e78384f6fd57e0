package org.qmpi4j.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * What one read of the clock costs on this machine, without any agent: a tool that times each
 * call reads it twice per call ({@code profiler}, {@code tracer}), so this is the floor of their
 * cost per call, whatever else they do. {@code scripts/bench.sh jmh} runs it after the call path.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ClockBenchmark {
    @Benchmark
    public long nanoTime() {
        return System.nanoTime();
    }
}
