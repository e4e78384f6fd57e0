package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * {@code buffer_written_early}: on a binding that copies a receive's message into the array only in
 * the call that completes it (MPJ Express: {@code fact receives at-completion}), a change of the
 * array before that call is the program's own write. Open MPI writes in place, so there the rule
 * cannot tell the program's writes from MPI's and stays off.
 */
class BufferWrittenEarlyTest {
    @TempDir
    Path dir;

    private Checker checker = TestCheckers.writingTo(Path.of("."), new ByteArrayOutputStream());
    private FakeMpi mpi = new FakeMpi();
    private String binding = "mpj";
    private Object world = new Object();
    private Object type = new Object();

    private void started(String bindingId) throws Exception {
        binding = bindingId;
        mpi = new FakeMpi();
        checker = TestCheckers.writingTo(dir, new ByteArrayOutputStream());
        checker.register();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, at(1)).binding(bindingId));
        world = mpi.constant("COMM_WORLD");
        type = mpi.constant("INT");
    }

    private static CallingAddress at(int line) {
        return new CallingAddress("App", "main", "App.java", line);
    }

    /** MPJ's {@code Irecv(buf, offset, count, type, source, tag)}. */
    private FakeMpi.Call irecv(int line, int[] a, int offset, int ints, Object request) {
        return new FakeMpi.Call(MpiFunction.MPI_IRECV, at(line))
                .binding(binding)
                .on(world)
                .peer(0)
                .tag(3)
                .bytes(4L * ints)
                .message(ints, type, a)
                .args(a, offset, ints, type, 0, 3)
                .returned(request, request);
    }

    private FakeMpi.Call completion(MpiFunction f, int line, Object requests) {
        return new FakeMpi.Call(f, at(line)).binding(binding).returned(requests, new Object());
    }

    private List<String> findings() {
        return TestCheckers.findingLines(checker);
    }

    @Test
    void aWriteIntoAPendingReceiveArrayIsFoundAtTheWait() throws Exception {
        started("mpj");
        int[] a = new int[8];
        Object r = new Object();
        mpi.call(irecv(10, a, 2, 4, r));
        a[5] = 1; // inside the receive's elements 2 to 5
        mpi.call(completion(MpiFunction.MPI_WAIT, 11, r));
        assertThat(findings()).containsExactly("buffer_written_early MPI_IRECV:10 MPI_WAIT:11");
        Finding f = checker.findings().get(0);
        assertThat(f.severity()).isEqualTo(Finding.Severity.ERROR);
        assertThat(f.message())
                .contains("from rank 0, tag 3")
                .contains("MPJ Express 0.44 (mpiJava 1.2) copies the message into it")
                .contains("(this MPI_WAIT)");
    }

    @Test
    void aWriteOutsideTheReceivedElementsOrAfterTheWaitIsNoFinding() throws Exception {
        started("mpj");
        int[] a = new int[8];
        Object r = new Object();
        mpi.call(irecv(10, a, 2, 4, r));
        a[0] = 1;
        a[6] = 1;
        mpi.whenCalled.put(MpiFunction.MPI_WAIT, () -> a[3] = 42); // the message, copied in by the wait
        mpi.call(completion(MpiFunction.MPI_WAIT, 11, r));
        mpi.whenCalled.clear();
        a[3] = 1;
        Object again = new Object();
        mpi.call(irecv(12, a, 2, 4, again));
        mpi.call(completion(MpiFunction.MPI_WAIT, 13, again));
        assertThat(findings()).isEmpty();
    }

    @Test
    void aTestThatDoesNotCompleteLooksAndTheNextCallFindsALaterWriteOnce() throws Exception {
        started("mpj");
        int[] a = new int[4];
        int[] b = new int[4];
        Object ra = new Object();
        Object rb = new Object();
        mpi.call(irecv(20, a, 0, 4, ra));
        mpi.call(irecv(21, b, 0, 4, rb));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_TEST, at(22)).binding(binding).returned(ra, null));
        b[0] = 7;
        mpi.call(completion(MpiFunction.MPI_WAITALL, 23, new Object[] {ra, rb}));
        assertThat(findings()).containsExactly("buffer_written_early MPI_IRECV:21 MPI_WAITALL:23");
    }

    @Test
    void openMpiReceivesInPlaceSoItsBuffersAreNotWatched() throws Exception {
        started("openmpi");
        ByteBuffer b = ByteBuffer.allocateDirect(16);
        Object r = new Object();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_IRECV, at(30))
                .binding(binding)
                .on(world)
                .peer(0)
                .tag(3)
                .bytes(16)
                .message(4, type, b)
                .args(b, 4, type, 0, 3)
                .returned(r, r));
        b.putInt(0, 9); // MPI itself may do this on Open MPI: nothing to tell
        mpi.call(completion(MpiFunction.MPI_WAIT, 31, r));
        assertThat(findings()).isEmpty();
    }
}
