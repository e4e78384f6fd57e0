package org.qmpi4j.bench.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * The tracer's writer alone, without agent or MPI: one call record of a {@code send} (the fields
 * the tracer fills for it) into the shard's buffer, the buffer written to {@code /dev/null} when
 * full, so that only the encoding and the copy are measured, not the disk. Run against another
 * release's {@code formats} classes (first on the class path) to compare shard formats:
 * {@code java -cp <formats classes>:benchmarks.jar org.openjdk.jmh.Main ShardWriterBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class ShardWriterBenchmark {
    private static final long NONE = TraceFormat.NONE;

    private TraceFileWriter writer;
    private long now;
    private long seq;

    @Setup(Level.Trial)
    public void open() throws IOException {
        writer = new TraceFileWriter(Path.of("/dev/null"), 0, 2, "openmpi", Long.MAX_VALUE, 1 << 16);
        writer.defineFunction(0, "MPI_SEND");
        writer.defineThread(1, "main");
        now = System.nanoTime();
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        writer.close();
    }

    /** A send as the tracer records it: peer, tag, bytes, sequence number, site, communicator. */
    @Benchmark
    public boolean send() throws IOException {
        now += 180;
        return writer.event(
                0, 1, now, 35, 1, 7, 8, seq++, NONE, NONE, NONE, 3, 0, NONE, NONE, NONE, NONE, NONE, null, 0, null);
    }
}
