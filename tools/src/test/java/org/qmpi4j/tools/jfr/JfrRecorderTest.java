package org.qmpi4j.tools.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.tools.testing.FakeMpi;

/** The jfr tool on a one-rank MPI in memory: no work without a recording, full events with one. */
class JfrRecorderTest {
    private static final CallingAddress AT = new CallingAddress("App", "main", "App.java", 7);

    @TempDir
    Path dir;

    /** Counts every question; answers as a 4-rank world where peer p of any communicator is world rank p + 1. */
    static final class CountingCommunicators implements Communicators {
        final AtomicInteger asked = new AtomicInteger();

        @Override
        public int worldRank(Object comm, int peer) {
            asked.incrementAndGet();
            return peer + 1;
        }

        @Override
        public int size(Object comm) {
            asked.incrementAndGet();
            return 4;
        }

        @Override
        public void forget(Object comm) {
            asked.incrementAndGet();
        }
    }

    /** An MPI_SEND whose every role but the function counts how often it is read. */
    static final class CountingRoles implements MpiCall, QmpiContext {
        private final Object comm;
        private final AtomicInteger reads;

        CountingRoles(Object comm, AtomicInteger reads) {
            this.comm = comm;
            this.reads = reads;
        }

        private <T> T read(T value) {
            reads.incrementAndGet();
            return value;
        }

        private @Nullable Object readNothing() {
            reads.incrementAndGet();
            return null;
        }

        @Override
        public MpiFunction function() {
            return MpiFunction.MPI_SEND;
        }

        @Override
        public CallingAddress callingAddress() {
            return read(AT);
        }

        @Override
        public String binding() {
            return read(FakeMpi.BINDING);
        }

        @Override
        public Object receiver() {
            return read(comm);
        }

        @Override
        public int argumentCount() {
            return read(0);
        }

        @Override
        public @Nullable Object argument(int i) {
            return readNothing();
        }

        @Override
        public Object communicator() {
            return read(comm);
        }

        @Override
        public @Nullable Object buffer() {
            return readNothing();
        }

        @Override
        public int count() {
            return read(1);
        }

        @Override
        public @Nullable Object datatype() {
            return readNothing();
        }

        @Override
        public int peer() {
            return read(2);
        }

        @Override
        public int tag() {
            return read(9);
        }

        @Override
        public long bytes() {
            return read(8L);
        }

        @Override
        public @Nullable Object request() {
            return readNothing();
        }

        @Override
        public @Nullable Object result() {
            return readNothing();
        }
    }

    @Test
    void withoutARecordingNothingIsAskedOrTranslated() throws Exception {
        FakeMpi mpi = new FakeMpi();
        CountingCommunicators comms = new CountingCommunicators();
        new JfrRecorder(1, comms).register();
        Object world = mpi.constant("COMM_WORLD");
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, AT));
        AtomicInteger roleReads = new AtomicInteger();
        for (int i = 0; i < 10_000; i++) {
            CountingRoles send = new CountingRoles(world, roleReads);
            mpi.handler(MpiFunction.MPI_SEND).intercept(send, 1, send);
        }
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_PCONTROL, AT).args(0));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, AT));
        assertThat(comms.asked).as("peer translations and size lookups").hasValue(0);
        assertThat(roleReads)
                .as("call site, communicator, peer, tag, bytes read")
                .hasValue(0);
    }

    @Test
    void withoutARecordingACallAllocatesNothingOnceCompiled() throws Exception {
        FakeMpi mpi = new FakeMpi();
        new JfrRecorder(1, new CountingCommunicators()).register();
        FakeMpi.Call send = new FakeMpi.Call(MpiFunction.MPI_SEND, AT)
                .on(mpi.constant("COMM_WORLD"))
                .peer(0)
                .tag(1)
                .bytes(64);
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        int n = 200_000;
        // Until C2 has compiled the handler the object is allocated; on a busy machine that takes a
        // few rounds (30 were once not enough on a clean-clone CI run: 6 million calls in 0.3 s
        // outran the compiler queue): some round must allocate nothing.
        long perCall = -1;
        long deadline = System.nanoTime() + 20_000_000_000L;
        for (int round = 0; round < 300 && perCall != 0 && System.nanoTime() < deadline; round++) {
            long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < n; i++) {
                mpi.call(send);
            }
            perCall = (threads.getThreadAllocatedBytes(id) - before) / n;
        }
        assertThat(perCall)
                .as("bytes allocated per call (the event object is scalar-replaced)")
                .isZero();
    }

    @Test
    void aRecordingGetsOneEventPerCallWithItsFields() throws Exception {
        FakeMpi mpi = new FakeMpi();
        CountingCommunicators comms = new CountingCommunicators();
        new JfrRecorder(1, comms).register();
        Object world = mpi.constant("COMM_WORLD");
        Path file = dir.resolve("rank.jfr");
        try (Recording r = new Recording()) {
            r.enable(MpiCallEvent.NAME);
            r.enable(PcontrolEvent.NAME);
            r.start();
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, AT));
            for (int i = 0; i < 3; i++) {
                mpi.call(new FakeMpi.Call(MpiFunction.MPI_SEND, AT)
                        .on(world)
                        .peer(2)
                        .tag(9)
                        .bytes(80));
            }
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_BARRIER, AT).on(world));
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_PCONTROL, AT).args(2));
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_PCONTROL, AT).args(2)); // no change: no level event
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, AT));
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> calls = new ArrayList<>();
        List<RecordedEvent> levels = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (e.getEventType().getName().equals(MpiCallEvent.NAME)) {
                calls.add(e);
            } else if (e.getEventType().getName().equals(PcontrolEvent.NAME)) {
                levels.add(e);
            }
        }
        assertThat(calls)
                .extracting(e -> e.getString("function"))
                .containsExactly(
                        "MPI_INIT",
                        "MPI_SEND",
                        "MPI_SEND",
                        "MPI_SEND",
                        "MPI_BARRIER",
                        "MPI_PCONTROL",
                        "MPI_PCONTROL",
                        "MPI_FINALIZE");
        RecordedEvent send = calls.get(1);
        assertThat(send.getString("callSite")).isEqualTo("App.main(App.java:7)");
        assertThat(send.getInt("communicatorSize")).isEqualTo(4);
        assertThat(send.getInt("peer")).isEqualTo(3);
        assertThat(send.getInt("tag")).isEqualTo(9);
        assertThat(send.getLong("bytes")).isEqualTo(80);
        assertThat(send.getDuration().isNegative()).isFalse();
        assertThat(send.getStackTrace()).as("stack traces off by default").isNull();
        RecordedEvent barrier = calls.get(4);
        assertThat(barrier.getInt("peer")).isEqualTo(-1);
        assertThat(barrier.getInt("tag")).isEqualTo(-1);
        assertThat(barrier.getEventType().getCategoryNames()).containsExactly("MPI", "qmpi4j");
        assertThat(levels).hasSize(1);
        assertThat(levels.get(0).getInt("level")).isEqualTo(2);
        assertThat(levels.get(0).getInt("previous")).isEqualTo(1);
    }
}
