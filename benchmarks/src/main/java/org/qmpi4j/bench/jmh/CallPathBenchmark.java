package org.qmpi4j.bench.jmh;

import java.util.concurrent.TimeUnit;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The cost of one MPI call as the application makes it, against the fake binding (which does no
 * MPI work, so only what the agent adds is measured). The same class runs in every variant;
 * {@link CallPathRunner} forks each with its own {@code -javaagent} option. The agent rewrites
 * these call sites exactly as an application's.
 *
 * <ul>
 *   <li>{@code send}: a point-to-point call with five arguments, three of them {@code int}s that
 *       the chain has to carry;
 *   <li>{@code getRank}: a call without arguments;
 *   <li>{@code getSize}: the same shape, but the pass-through tool does not intercept
 *       {@code MPI_COMM_SIZE}: "a function no tool registered for".
 * </ul>
 * Arguments come from fields, so that the JIT cannot fold them.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CallPathBenchmark {
    private Intracomm comm;
    private byte[] buffer;
    private int count = 8;
    private int peer = 1;
    private int tag = 7;

    @Setup(Level.Trial)
    public void startMpi() throws MPIException {
        MPI.Init(new String[0]);
        comm = MPI.COMM_WORLD;
        buffer = new byte[count];
        RoutingCheck.apply();
    }

    @TearDown(Level.Trial)
    public void endMpi() throws MPIException {
        MPI.Finalize();
    }

    @Benchmark
    public void send() throws MPIException {
        comm.send(buffer, count, MPI.BYTE, peer, tag);
    }

    @Benchmark
    public int getRank() throws MPIException {
        return comm.getRank();
    }

    @Benchmark
    public int getSize() throws MPIException {
        return comm.getSize();
    }
}
