package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * {@code overlapping_buffers}: a call whose buffer shares memory with that of a nonblocking call
 * still pending, where one of them writes it (two receives, a send and a receive); two sends may
 * share a buffer. Direct buffers as Open MPI's binding passes them (here by identity: no agent
 * opened {@code java.nio}; addresses are tested on real MPI), arrays from MPJ's offsets.
 */
class OverlappingBuffersTest {
    @TempDir
    Path dir;

    private Checker checker = new Checker(
            1,
            Settings.of(null, k -> null, k -> null, p -> {}),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    private String binding = FakeMpi.BINDING;
    private FakeMpi mpi = new FakeMpi();
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

    /** A call of Open MPI's shape: (buf, count, type, peer, tag). */
    private FakeMpi.Call nio(MpiFunction f, int line, ByteBuffer b, int ints, Object request) {
        return new FakeMpi.Call(f, at(line))
                .binding(binding)
                .on(world)
                .peer(0)
                .tag(line)
                .bytes(4L * ints)
                .message(ints, type, b)
                .args(b, ints, type, 0, line)
                .returned(request, request);
    }

    /** A call of MPJ's shape: (buf, offset, count, type, peer, tag). */
    private FakeMpi.Call mpj(MpiFunction f, int line, int[] a, int offset, int ints, Object request) {
        return new FakeMpi.Call(f, at(line))
                .binding(binding)
                .on(world)
                .peer(0)
                .tag(line)
                .bytes(4L * ints)
                .message(ints, type, a)
                .args(a, offset, ints, type, 0, line)
                .returned(request, request);
    }

    private FakeMpi.Call waitFor(int line, Object request) {
        return new FakeMpi.Call(MpiFunction.MPI_WAIT, at(line)).binding(binding).returned(request, new Object());
    }

    private void assertOneOverlap(String first, String second) {
        assertThat(checker.findings()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("overlapping_buffers");
            assertThat(f.severity()).isEqualTo(Finding.Severity.ERROR);
            assertThat(f.sites()).extracting(s -> s.function() + ":" + s.line()).containsExactly(first, second);
        });
    }

    @Test
    void twoPendingReceivesIntoOneBufferAreAnError() throws Exception {
        started(FakeMpi.BINDING);
        ByteBuffer b = ByteBuffer.allocateDirect(16);
        Object r1 = new Object();
        Object r2 = new Object();
        mpi.call(nio(MpiFunction.MPI_IRECV, 10, b, 2, r1));
        mpi.call(nio(MpiFunction.MPI_IRECV, 11, b, 2, r2));
        mpi.call(waitFor(12, r1));
        mpi.call(waitFor(13, r2));
        assertOneOverlap("MPI_IRECV:10", "MPI_IRECV:11");
        assertThat(checker.findings().get(0).message()).contains("both receive into it");
    }

    @Test
    void aSendAndAReceiveOfOneBufferAreAnErrorEitherWayRound() throws Exception {
        started(FakeMpi.BINDING);
        ByteBuffer b = ByteBuffer.allocateDirect(16);
        Object r1 = new Object();
        Object r2 = new Object();
        mpi.call(nio(MpiFunction.MPI_IRECV, 10, b, 2, r1));
        mpi.call(nio(MpiFunction.MPI_ISEND, 11, b, 2, r2));
        assertOneOverlap("MPI_IRECV:10", "MPI_ISEND:11");
        mpi.call(waitFor(12, r1));
        mpi.call(waitFor(13, r2));

        // a blocking receive into the buffer of a pending send, checked before the receive blocks
        mpi.call(nio(MpiFunction.MPI_ISEND, 20, b, 4, r1));
        mpi.call(nio(MpiFunction.MPI_RECV, 21, b, 1, r2));
        assertThat(checker.findings()).hasSize(2);
        assertThat(checker.findings().get(1).sites())
                .extracting(s -> s.function() + ":" + s.line())
                .containsExactly("MPI_ISEND:20", "MPI_RECV:21");
    }

    @Test
    void sendsMayShareABufferAndACompletedCallFreesIt() throws Exception {
        started(FakeMpi.BINDING);
        ByteBuffer b = ByteBuffer.allocateDirect(16);
        ByteBuffer other = ByteBuffer.allocateDirect(16);
        Object r1 = new Object();
        Object r2 = new Object();
        mpi.call(nio(MpiFunction.MPI_ISEND, 10, b, 4, r1));
        mpi.call(nio(MpiFunction.MPI_ISEND, 11, b, 4, r2)); // two reads: allowed since MPI 3.0
        mpi.call(nio(MpiFunction.MPI_SEND, 12, b, 4, new Object()));
        mpi.call(nio(MpiFunction.MPI_RECV, 13, other, 4, new Object()));
        mpi.call(waitFor(14, r1));
        mpi.call(waitFor(15, r2));
        mpi.call(nio(MpiFunction.MPI_IRECV, 16, b, 4, r1)); // the sends completed
        mpi.call(waitFor(17, r1));
        mpi.call(nio(MpiFunction.MPI_IRECV, 18, b, 4, r1));
        mpi.call(waitFor(19, r1));
        assertThat(checker.findings()).isEmpty();
    }

    @Test
    void mpjArraysOverlapByTheirOffsets() throws Exception {
        started("mpj");
        int[] a = new int[6];
        Object r1 = new Object();
        Object r2 = new Object();
        Object r3 = new Object();
        mpi.call(mpj(MpiFunction.MPI_IRECV, 10, a, 0, 3, r1));
        mpi.call(mpj(MpiFunction.MPI_IRECV, 11, a, 3, 3, r2)); // disjoint halves
        assertThat(checker.findings()).isEmpty();
        mpi.call(mpj(MpiFunction.MPI_IRECV, 12, a, 2, 2, r3)); // elements 2 and 3: both halves
        assertOneOverlap("MPI_IRECV:10", "MPI_IRECV:12");
        assertThat(checker.findings().get(0).message())
                .contains("elements 2 to 3 of an int[6]")
                .contains("elements 0 to 2 of an int[6]");
    }

    @Test
    void derivedDatatypesAreNotCompared() throws Exception {
        started("mpj");
        // a column of a 2x2 matrix: two receives into interleaved columns are correct
        Object column = new Object();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_TYPE_VECTOR, at(5))
                .binding(binding)
                .role(ArgumentRole.BLOCKS, 2)
                .role(ArgumentRole.BLOCK_LENGTH, 1)
                .role(ArgumentRole.DATATYPE, type)
                .returned(null, column));
        int[] a = new int[4];
        Object r1 = new Object();
        Object r2 = new Object();
        mpi.call(mpj(MpiFunction.MPI_IRECV, 10, a, 0, 1, r1).message(1, column, a));
        mpi.call(mpj(MpiFunction.MPI_IRECV, 11, a, 1, 1, r2).message(1, column, a));
        assertThat(checker.findings()).isEmpty();
    }

    @Test
    void startedPersistentRequestsAreComparedWhileActive() throws Exception {
        started(FakeMpi.BINDING);
        ByteBuffer b = ByteBuffer.allocateDirect(16);
        Object send = new Object();
        Object recv = new Object();
        mpi.call(nio(MpiFunction.MPI_SEND_INIT, 10, b, 4, send));
        mpi.call(nio(MpiFunction.MPI_RECV_INIT, 11, b, 4, recv));
        mpi.call(
                new FakeMpi.Call(MpiFunction.MPI_START, at(12)).binding(binding).returned(send, null));
        mpi.call(waitFor(13, send));
        mpi.call(
                new FakeMpi.Call(MpiFunction.MPI_START, at(14)).binding(binding).returned(recv, null));
        mpi.call(waitFor(15, recv));
        assertThat(checker.findings()).as("one at a time").isEmpty();

        mpi.call(new FakeMpi.Call(MpiFunction.MPI_STARTALL, at(16))
                .binding(binding)
                .returned(new Object[] {send, recv}, null));
        assertOneOverlap("MPI_SEND_INIT:10", "MPI_RECV_INIT:11");
    }
}
