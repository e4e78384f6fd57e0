package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * What {@code check} allocates per call in the steady state, on the one-rank fake MPI whose
 * name-shifted entry allocates nothing (its messages to itself go through preallocated tables):
 * every byte counted is the checker's own. Each call sends or receives what a real job's would,
 * signatures included (the fake carries them), so every rule's path runs.
 */
class CheckCostTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private FakeMpi started() throws Exception {
        FakeMpi mpi = new FakeMpi();
        Settings settings = Settings.of(
                null,
                Map.of("qmpi4j.output", dir.toString(), "qmpi4j.flush-seconds", "3600")::get,
                name -> null,
                problem -> {});
        new Checker(1, settings, new PrintStream(errBytes, true, StandardCharsets.UTF_8)).register();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, at(1)));
        mpi.recordToolCalls = false;
        return mpi;
    }

    private static CallingAddress at(int line) {
        return new CallingAddress("App", "main", "App.java", line);
    }

    /** Bytes allocated per round of {@code calls}, in the third of three runs (the last runs compiled). */
    private static long perRound(FakeMpi mpi, FakeMpi.Call... calls) throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        int n = 100_000;
        long perRound = -1;
        for (int run = 0; run < 3; run++) {
            long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < n; i++) {
                for (FakeMpi.Call c : calls) {
                    mpi.call(c);
                }
            }
            perRound = (threads.getThreadAllocatedBytes(id) - before) / n;
        }
        return perRound;
    }

    /**
     * A receive from {@code MPI_ANY_SOURCE} ({@code message_race} keeps it, and its message's
     * signature, and looks at the kept ones at each message) allocates nothing either.
     */
    @Test
    void aWildcardReceiveAllocatesNothing() throws Exception {
        FakeMpi mpi = new FakeMpi();
        mpi.define("ANY_SOURCE", -1);
        mpi.define("ANY_TAG", -2);
        Settings settings = Settings.of(
                null,
                Map.of("qmpi4j.output", dir.toString(), "qmpi4j.flush-seconds", "3600")::get,
                name -> null,
                problem -> {});
        new Checker(1, settings, new PrintStream(errBytes, true, StandardCharsets.UTF_8)).register();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, at(1)));
        mpi.recordToolCalls = false;
        Object world = mpi.constant("COMM_WORLD");
        Object type = mpi.constant("INT");
        ByteBuffer buffer = ByteBuffer.allocateDirect(64);
        Integer zero = 0;
        Integer any = -1;
        Integer tag = 5;
        Integer eight = 8;
        FakeMpi.Call send = new FakeMpi.Call(MpiFunction.MPI_SEND, at(10))
                .on(world)
                .peer(0)
                .tag(5)
                .bytes(32)
                .message(8, type, buffer)
                .args(buffer, eight, type, zero, tag);
        FakeMpi.Call recvAny = new FakeMpi.Call(MpiFunction.MPI_RECV, at(11))
                .on(world)
                .peer(-1)
                .tag(5)
                .bytes(32)
                .message(8, type, buffer)
                .args(buffer, eight, type, any, tag)
                .returned(null, new org.qmpi4j.tools.testing.FakeStatus());
        FakeMpi.Call recv = new FakeMpi.Call(MpiFunction.MPI_RECV, at(12))
                .on(world)
                .peer(0)
                .tag(5)
                .bytes(32)
                .message(8, type, buffer)
                .args(buffer, eight, type, zero, tag);
        long bytes = perRound(mpi, send, recvAny, send, recv);
        System.out.println("check: bytes allocated per round of send+wildcard recv+send+recv " + bytes);
        assertThat(mpi.loopback.receivedCount)
                .as("every signature was received and compared")
                .isEqualTo(mpi.loopback.sentCount)
                .isGreaterThanOrEqualTo(6 * 100_000L);
        assertThat(errBytes.toString()).doesNotContain("fault");
        assertThat(bytes).isZero();
    }

    @Test
    void aSteadyStateCallAllocatesNothing() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        Object type = mpi.constant("INT");
        Object sum = mpi.constant("SUM");
        ByteBuffer buffer = ByteBuffer.allocateDirect(64);
        Object request = new Object();
        Object status = new Object();
        Integer zero = 0;
        Integer tag = 5;
        Integer eight = 8;
        FakeMpi.Call send = new FakeMpi.Call(MpiFunction.MPI_SEND, at(10))
                .on(world)
                .peer(0)
                .tag(5)
                .bytes(32)
                .message(8, type, buffer)
                .args(buffer, eight, type, zero, tag);
        FakeMpi.Call recv = new FakeMpi.Call(MpiFunction.MPI_RECV, at(11))
                .on(world)
                .peer(0)
                .tag(5)
                .bytes(32)
                .message(8, type, buffer)
                .args(buffer, eight, type, zero, tag)
                .returned(null, status);
        FakeMpi.Call isend = new FakeMpi.Call(MpiFunction.MPI_ISEND, at(12))
                .on(world)
                .peer(0)
                .tag(5)
                .bytes(32)
                .message(8, type, buffer)
                .args(buffer, eight, type, zero, tag)
                .returned(request, request);
        FakeMpi.Call wait = new FakeMpi.Call(MpiFunction.MPI_WAIT, at(13)).returned(request, status);
        FakeMpi.Call sendrecv = new FakeMpi.Call(MpiFunction.MPI_SENDRECV, at(14))
                .on(world)
                .peer(0)
                .tag(5)
                .bytes(32)
                .message(8, type, buffer)
                .args(buffer, eight, type, zero, tag, buffer, eight, type, zero, tag)
                .role(ArgumentRole.RECV_COUNT, eight)
                .role(ArgumentRole.RECV_TYPE, type)
                .role(ArgumentRole.RECV_PEER, zero)
                .role(ArgumentRole.RECV_TAG, tag)
                .returned(null, status);
        FakeMpi.Call allreduce = new FakeMpi.Call(MpiFunction.MPI_ALLREDUCE, at(15))
                .on(world)
                .bytes(32)
                .message(8, type, buffer)
                .args(buffer, buffer, eight, type, sum);
        FakeMpi.Call barrier = new FakeMpi.Call(MpiFunction.MPI_BARRIER, at(16)).on(world);
        // a vector of 2 blocks of 4 ints, made once: its messages are compared by signature
        Object vector = new Object();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_TYPE_VECTOR, at(17))
                .role(ArgumentRole.BLOCKS, 2)
                .role(ArgumentRole.BLOCK_LENGTH, 4)
                .role(ArgumentRole.DATATYPE, type)
                .returned(null, vector));
        Integer one = 1;
        FakeMpi.Call sendVector = new FakeMpi.Call(MpiFunction.MPI_SEND, at(18))
                .on(world)
                .peer(0)
                .tag(5)
                .bytes(32)
                .message(1, vector, buffer)
                .args(buffer, one, vector, zero, tag);
        FakeMpi.Call allreduceVector = new FakeMpi.Call(MpiFunction.MPI_ALLREDUCE, at(19))
                .on(world)
                .bytes(32)
                .message(1, vector, buffer)
                .args(buffer, buffer, one, vector, sum);
        Object collectiveRequest = new Object();
        FakeMpi.Call iallreduce = new FakeMpi.Call(MpiFunction.MPI_IALLREDUCE, at(20))
                .on(world)
                .bytes(32)
                .message(8, type, buffer)
                .args(buffer, buffer, eight, type, sum)
                .returned(collectiveRequest, collectiveRequest);
        FakeMpi.Call waitCollective =
                new FakeMpi.Call(MpiFunction.MPI_WAIT, at(21)).returned(collectiveRequest, status);
        // a receive pending while a send starts: the send's buffer is compared with the receive's
        ByteBuffer other = ByteBuffer.allocateDirect(64);
        Object recvRequest = new Object();
        FakeMpi.Call irecv = new FakeMpi.Call(MpiFunction.MPI_IRECV, at(22))
                .on(world)
                .peer(0)
                .tag(5)
                .bytes(32)
                .message(8, type, other)
                .args(other, eight, type, zero, tag)
                .returned(recvRequest, recvRequest);
        FakeMpi.Call waitRecv = new FakeMpi.Call(MpiFunction.MPI_WAIT, at(23)).returned(recvRequest, status);

        // a persistent send made once, started and waited for in each round
        Object persistent = new Object();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_SEND_INIT, at(22))
                .on(world)
                .peer(0)
                .tag(5)
                .bytes(32)
                .message(8, type, buffer)
                .args(buffer, eight, type, zero, tag)
                .returned(persistent, persistent));
        FakeMpi.Call start = new FakeMpi.Call(MpiFunction.MPI_START, at(23)).returned(persistent, null);
        FakeMpi.Call waitPersistent = new FakeMpi.Call(MpiFunction.MPI_WAIT, at(24)).returned(persistent, status);

        Map<String, Long> bytes = new LinkedHashMap<>();
        bytes.put("send+recv", perRound(mpi, send, recv));
        bytes.put("isend+wait+recv", perRound(mpi, isend, wait, recv));
        bytes.put("irecv+isend+wait+wait", perRound(mpi, irecv, isend, wait, waitRecv));
        bytes.put("sendrecv", perRound(mpi, sendrecv));
        bytes.put("allreduce", perRound(mpi, allreduce));
        bytes.put("barrier", perRound(mpi, barrier));
        bytes.put("send of a vector+recv", perRound(mpi, sendVector, recv));
        bytes.put("allreduce of a vector", perRound(mpi, allreduceVector));
        // the nonblocking comparison's records and buffers are reused; the binding's own Request
        // object for the checker's MPI_IALLREDUCE is the fake's one object here
        bytes.put("iallreduce+wait", perRound(mpi, iallreduce, waitCollective));
        bytes.put("start+wait+recv", perRound(mpi, start, waitPersistent, recv));
        // once the program freed a request it still holds, each wait looks its request up
        Object freed = new Object();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_REQUEST_FREE, at(25)).returned(freed, null));
        bytes.put("isend+wait+recv, a freed request alive", perRound(mpi, isend, wait, recv));
        System.out.println("check: bytes allocated per round " + bytes);
        assertThat(mpi.loopback.receivedCount)
                .as("every signature was received and compared")
                .isEqualTo(mpi.loopback.sentCount)
                .isGreaterThanOrEqualTo(3 * 400_000L);
        assertThat(errBytes.toString()).doesNotContain("fault");
        assertThat(bytes).allSatisfy((what, b) -> assertThat(b).as(what).isZero());
        assertThat(freed)
                .as("held to the end, so the freed request stays alive")
                .isNotNull();
    }
}
