package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * {@code unreachable_buffer}: a nonblocking call whose request the program dropped before it
 * completed, and whose direct buffer went with it. The checker must hold neither the request nor
 * the buffer, or it would keep alive what the program let go and hide the hazard; a request
 * dropped while the program still holds the buffer is a leak only.
 */
class UnreachableBufferTest {
    @TempDir
    Path dir;

    private Checker checker;
    private FakeMpi mpi;
    private Object world;
    private Object type;

    @BeforeEach
    void started() throws Exception {
        assertThat(DirectAddresses.known())
                .as("java.nio open to the tests, as the agent opens it to the tools (tools/pom.xml)")
                .isTrue();
        mpi = new FakeMpi();
        checker = TestCheckers.writingTo(dir, new ByteArrayOutputStream());
        checker.register();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, at(1)));
        world = mpi.constant("COMM_WORLD");
        type = mpi.constant("INT");
    }

    private static CallingAddress at(int line) {
        return new CallingAddress("App", "main", "App.java", line);
    }

    private FakeMpi.Call call(MpiFunction f, int line, Object buffer, Object request) {
        return new FakeMpi.Call(f, at(line))
                .on(world)
                .peer(0)
                .tag(7)
                .bytes(16)
                .message(4, type, buffer)
                .args(buffer, 4, type, 0, 7)
                .returned(request, request);
    }

    /**
     * Starts {@code f} at {@code line} on a direct buffer of its own and drops both the request and
     * the buffer, as {@code world.iRecv(MPI.newIntBuffer(4), ...)} with its result ignored does;
     * returns a reference that tells when the buffer was collected.
     */
    private WeakReference<Object> startAndDrop(MpiFunction f, int line) throws Exception {
        ByteBuffer b = ByteBuffer.allocateDirect(16);
        mpi.call(call(f, line, b, new Object()));
        return new WeakReference<>(b);
    }

    /** Collects until {@code ref} is cleared (a collection clears every weak reference of one unreachable graph at once). */
    private static void collect(WeakReference<?> ref) throws InterruptedException {
        for (int i = 0; i < 200 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertThat(ref.get()).as("collected").isNull();
    }

    private List<String> findings() {
        return TestCheckers.findingLines(checker);
    }

    @Test
    void aReceiveDroppedMidRunIsFoundOnceItsRequestIsHeldWeaklyAndCollected() throws Exception {
        WeakReference<Object> buffer = startAndDrop(MpiFunction.MPI_IRECV, 10);
        ByteBuffer kept = ByteBuffer.allocateDirect(16);
        Object request = new Object();
        FakeMpi.Call isend = call(MpiFunction.MPI_ISEND, 11, kept, request);
        FakeMpi.Call wait = new FakeMpi.Call(MpiFunction.MPI_WAIT, at(12)).returned(request, new Object());
        FakeMpi.Call recv = call(MpiFunction.MPI_RECV, 14, kept, new Object()).returned(null, new Object());
        // pending across two generations of other requests: held weakly from then on
        for (int i = 0; i < 2 * PendingTable.GENERATION; i++) {
            mpi.call(isend);
            mpi.call(wait);
            mpi.call(recv);
        }
        collect(buffer);
        assertThat(findings()).as("nothing before a call looks").isEmpty();

        // the next call on a request looks, once the JVM has queued the collected request's reference
        for (int i = 0; i < 500 && findings().isEmpty(); i++) {
            mpi.call(isend);
            mpi.call(wait);
            mpi.call(recv);
            Thread.sleep(2);
        }
        assertThat(findings()).containsExactly("unreachable_buffer MPI_IRECV:10");
        assertThat(checker.findings().get(0).message())
                .contains("from rank 0, tag 7")
                .contains("while MPI may still write the message into it");

        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at(13)));
        assertThat(findings())
                .as("reported once, and not again as a leak: one mistake, one finding")
                .containsExactly("unreachable_buffer MPI_IRECV:10");
    }

    @Test
    void aSendDroppedWithItsBufferIsFoundAtMpiFinalize() throws Exception {
        WeakReference<Object> buffer = startAndDrop(MpiFunction.MPI_ISEND, 20);
        System.gc();
        assertThat(buffer.get())
                .as("held by the checker while young: no allocation per call")
                .isNotNull();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at(21)));
        assertThat(findings()).containsExactly("unreachable_buffer MPI_ISEND:20");
        assertThat(checker.findings().get(0).message()).contains("while MPI may still read the message from it");
    }

    @Test
    void aRequestDroppedWhileTheProgramHoldsItsBufferIsOnlyALeak() throws Exception {
        ByteBuffer held = ByteBuffer.allocateDirect(16);
        WeakReference<Object> request = dropRequest(held, 30);
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at(31)));
        assertThat(request.get())
                .as("the dropped request was collected at MPI_Finalize")
                .isNull();
        assertThat(findings()).containsExactly("request_leak MPI_IRECV:30");
        assertThat(held.capacity()).isEqualTo(16);
    }

    private WeakReference<Object> dropRequest(Object held, int line) throws Exception {
        Object request = new Object();
        mpi.call(call(MpiFunction.MPI_IRECV, line, held, request));
        return new WeakReference<>(request);
    }

    @Test
    void aLongPendingCallTheProgramHoldsIsCheckedAsAnyOther() throws Exception {
        ByteBuffer b = ByteBuffer.allocateDirect(16);
        Object held = new Object();
        mpi.call(call(MpiFunction.MPI_ISEND, 50, b, held));
        ByteBuffer kept = ByteBuffer.allocateDirect(16);
        Object request = new Object();
        FakeMpi.Call isend = call(MpiFunction.MPI_ISEND, 51, kept, request);
        FakeMpi.Call wait = new FakeMpi.Call(MpiFunction.MPI_WAIT, at(52)).returned(request, new Object());
        FakeMpi.Call recv = call(MpiFunction.MPI_RECV, 53, kept, new Object()).returned(null, new Object());
        for (int i = 0; i < 3 * PendingTable.GENERATION; i++) {
            mpi.call(isend);
            mpi.call(wait);
            mpi.call(recv);
            if (i % 256 == 0) {
                System.gc();
            }
        }
        b.putInt(0, 42); // held weakly by the checker now, and still compared at its completion
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_WAIT, at(54)).returned(held, new Object()));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at(55)));
        assertThat(findings()).containsExactly("buffer_modified MPI_ISEND:50 MPI_WAIT:54");
    }

    @Test
    void slicesOfABufferTheProgramHoldsAreOnlyLeaks() throws Exception {
        // requests of receives into slices dropped (a loop of iRecv(MPI.slice(buf, i), ...)): the
        // slices are collected, their memory is not, for the program holds the buffer they share
        ByteBuffer held = ByteBuffer.allocateDirect(64);
        WeakReference<Object> first = dropSliceRequest(held, 0, 60);
        dropSliceRequest(held, 16, 60);
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at(61)));
        assertThat(first.get()).as("the slice was collected").isNull();
        assertThat(findings()).containsExactly("request_leak MPI_IRECV:60");
        assertThat(checker.findings().get(0).count()).isEqualTo(2);
        assertThat(held.capacity()).isEqualTo(64);
    }

    private WeakReference<Object> dropSliceRequest(ByteBuffer held, int from, int line) throws Exception {
        ByteBuffer d = held.duplicate();
        d.position(from);
        d.limit(from + 16);
        ByteBuffer slice = d.slice();
        mpi.call(call(MpiFunction.MPI_IRECV, line, slice, new Object()));
        return new WeakReference<>(slice);
    }

    @Test
    void aViewDroppedWithTheBufferItViewsIsUnreachable() throws Exception {
        // MPI.newIntBuffer(n): an IntBuffer viewing a direct ByteBuffer that only the view holds
        WeakReference<Object> view = dropView(70);
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at(71)));
        assertThat(view.get()).isNull();
        assertThat(findings()).containsExactly("unreachable_buffer MPI_IRECV:70");
    }

    private WeakReference<Object> dropView(int line) throws Exception {
        java.nio.IntBuffer view = ByteBuffer.allocateDirect(16)
                .order(java.nio.ByteOrder.nativeOrder())
                .asIntBuffer();
        mpi.call(call(MpiFunction.MPI_IRECV, line, view, new Object()));
        return new WeakReference<>(view);
    }

    @Test
    void aBufferOverMemoryJniHandedOverFreesNothingWhenCollected() throws Exception {
        // JNI's NewDirectByteBuffer: a buffer over memory native code owns, with no cleaner
        ByteBuffer memory = ByteBuffer.allocateDirect(16);
        WeakReference<Object> jni = dropJniBuffer(DirectAddresses.of(memory), 80);
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at(81)));
        assertThat(jni.get())
                .as("not followed: collecting it would free nothing")
                .isNotNull();
        assertThat(findings()).containsExactly("request_leak MPI_IRECV:80");
        assertThat(memory.capacity()).isEqualTo(16);
    }

    private WeakReference<Object> dropJniBuffer(long address, int line) throws Exception {
        Class<?> type = Class.forName("java.nio.DirectByteBuffer");
        java.lang.reflect.Constructor<?> made;
        Object b;
        try {
            made = type.getDeclaredConstructor(long.class, int.class); // JDK 17
            made.setAccessible(true);
            b = made.newInstance(address, 16);
        } catch (NoSuchMethodException newer) {
            made = type.getDeclaredConstructor(long.class, long.class);
            made.setAccessible(true);
            b = made.newInstance(address, 16L);
        }
        mpi.call(call(MpiFunction.MPI_IRECV, line, b, new Object()));
        return new WeakReference<>(b);
    }

    @Test
    void arraysAreNotFollowed() throws Exception {
        // MPJ Express receives into its own buffer and keeps the application's array in the
        // request's completion handler until the request completes, so an array never becomes
        // unreachable while its call is pending; a dropped request there is a leak only.
        WeakReference<Object> request = dropRequest(new int[4], 40);
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at(41)));
        assertThat(request.get()).isNull();
        assertThat(findings()).containsExactly("request_leak MPI_IRECV:40");
    }
}
