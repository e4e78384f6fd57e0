package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * A nonblocking collective is compared without blocking at its start: the checker starts its own
 * {@code MPI_IALLREDUCE} on its duplicate of the communicator there (never a blocking call) and
 * reads it with {@code MPI_TEST} at a later call.
 */
class NonblockingCollectiveCheckTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private FakeMpi started() throws Exception {
        FakeMpi mpi = new FakeMpi();
        Checker checker = TestCheckers.writingTo(dir, err);
        checker.register();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, at(1)));
        return mpi;
    }

    private static CallingAddress at(int line) {
        return new CallingAddress("App", "main", "App.java", line);
    }

    private static List<MpiFunction> functions(FakeMpi mpi) {
        synchronized (mpi.toolCalls) {
            return mpi.toolCalls.stream().map(c -> (MpiFunction) c[0]).collect(Collectors.toList());
        }
    }

    @Test
    void theStartOfANonblockingCollectiveStartsTheComparisonAndWaitsForNothing() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        Object type = mpi.constant("INT");
        Object sum = mpi.constant("SUM");
        ByteBuffer buffer = ByteBuffer.allocateDirect(16);
        Object request = new Object();
        mpi.toolCalls.clear();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_IALLREDUCE, at(10))
                .on(world)
                .bytes(4)
                .message(1, type, buffer)
                .args(buffer, buffer, 1, type, sum)
                .returned(request, request));

        assertThat(functions(mpi))
                .as("the start of the application's collective")
                .contains(MpiFunction.MPI_IALLREDUCE)
                .doesNotContain(
                        MpiFunction.MPI_ALLREDUCE,
                        MpiFunction.MPI_WAIT,
                        MpiFunction.MPI_BARRIER,
                        MpiFunction.MPI_ALLGATHER);

        mpi.toolCalls.clear();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_WAIT, at(11)).returned(request, null));
        assertThat(functions(mpi)).as("the next checked call").contains(MpiFunction.MPI_TEST);

        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at(12)));
        assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("fault").doesNotContain("collective_mismatch");
    }
}
