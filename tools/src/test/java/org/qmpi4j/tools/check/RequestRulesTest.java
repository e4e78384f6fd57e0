package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * {@code buffer_modified} where one call completes several sends from one buffer (OSU's windows):
 * the buffer is read once for all of them, and each request is still compared with its own start;
 * {@code request_misuse}: a persistent request started while active, a freed request used again.
 */
class RequestRulesTest {
    @TempDir
    Path dir;

    private Checker checker = new Checker(
            1,
            Settings.of(null, k -> null, k -> null, p -> {}),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    private FakeMpi started() throws Exception {
        FakeMpi mpi = new FakeMpi();
        checker = TestCheckers.writingTo(dir, new ByteArrayOutputStream());
        checker.register();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, new CallingAddress("App", "main", "App.java", 1)));
        return mpi;
    }

    private static FakeMpi.Call isend(Object world, Object type, ByteBuffer b, int line, Object request) {
        return new FakeMpi.Call(MpiFunction.MPI_ISEND, new CallingAddress("App", "main", "App.java", line))
                .on(world)
                .peer(0)
                .tag(100)
                .bytes(4096)
                .message(4096, type, b)
                .args(b, 4096, type, 0, 100)
                .returned(request, request);
    }

    @Test
    void sendsCompletedTogetherAreEachComparedWithTheirOwnStart() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        Object type = mpi.constant("BYTE");
        ByteBuffer b = ByteBuffer.allocateDirect(4096);
        Object[] requests = {new Object(), new Object(), new Object()};
        mpi.call(isend(world, type, b, 10, requests[0]));
        b.put(100, (byte) 1); // while the first send is pending: its error only
        mpi.call(isend(world, type, b, 11, requests[1]));
        mpi.call(isend(world, type, b, 12, requests[2]));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_WAITALL, new CallingAddress("App", "main", "App.java", 13))
                .returned(requests, null));

        assertThat(checker.findings()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("buffer_modified");
            assertThat(f.sites())
                    .extracting(s -> s.function() + ":" + s.line())
                    .containsExactly("MPI_ISEND:10", "MPI_WAITALL:13");
        });

        // A second window, written between its waits: each wait reads the buffer anew.
        mpi.call(isend(world, type, b, 20, requests[0]));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_WAITALL, new CallingAddress("App", "main", "App.java", 21))
                .returned(new Object[] {requests[0]}, null));
        mpi.call(isend(world, type, b, 22, requests[1]));
        b.put(200, (byte) 2);
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_WAITALL, new CallingAddress("App", "main", "App.java", 23))
                .returned(new Object[] {requests[1]}, null));
        assertThat(checker.findings()).hasSize(2);
        assertThat(checker.findings().get(1).sites())
                .extracting(s -> s.function() + ":" + s.line())
                .containsExactly("MPI_ISEND:22", "MPI_WAITALL:23");
    }

    private static CallingAddress at(int line) {
        return new CallingAddress("App", "main", "App.java", line);
    }

    private static FakeMpi.Call on(MpiFunction f, int line, Object request, @Nullable Object result) {
        return new FakeMpi.Call(f, at(line)).returned(request, result);
    }

    private static FakeMpi.Call sendInit(Object world, Object type, ByteBuffer b, int line, Object request) {
        return new FakeMpi.Call(MpiFunction.MPI_SEND_INIT, at(line))
                .on(world)
                .peer(0)
                .tag(3)
                .bytes(4)
                .message(1, type, b)
                .args(b, 1, type, 0, 3)
                .returned(request, request);
    }

    private java.util.List<String> misuses() {
        return checker.findings().stream()
                .filter(f -> f.rule().equals("request_misuse"))
                .map(f -> f.sites().stream()
                                .map(s -> s.function() + ":" + s.line())
                                .collect(java.util.stream.Collectors.joining(" "))
                        + " " + f.severity())
                .collect(java.util.stream.Collectors.toList());
    }

    @Test
    void aPersistentRequestStartedWhileActiveIsAMisuseNamingTheEarlierStart() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        Object type = mpi.constant("INT");
        ByteBuffer b = ByteBuffer.allocateDirect(4);
        Object p = new Object();
        mpi.call(sendInit(world, type, b, 10, p));
        mpi.call(on(MpiFunction.MPI_START, 11, p, null));
        mpi.call(on(MpiFunction.MPI_WAIT, 12, p, new Object()));
        mpi.call(on(MpiFunction.MPI_START, 13, p, null)); // inactive again: allowed
        assertThat(misuses()).isEmpty();
        mpi.call(on(MpiFunction.MPI_START, 14, p, null));
        assertThat(misuses()).containsExactly("MPI_START:13 MPI_START:14 ERROR");
        assertThat(checker.findings().get(0).message()).contains("MPI_SEND_INIT at line 10", "still active");

        // startAll of it and another, while it is still active
        Object q = new Object();
        mpi.call(sendInit(world, type, b, 15, q));
        mpi.call(on(MpiFunction.MPI_STARTALL, 16, new Object[] {q, p}, null));
        assertThat(misuses()).hasSize(2).last().isEqualTo("MPI_START:14 MPI_STARTALL:16 ERROR");
    }

    @Test
    void aRequestCompletedAndCompletedAgainIsNoMisuse() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        Object type = mpi.constant("BYTE");
        ByteBuffer b = ByteBuffer.allocateDirect(4096);
        Object r = new Object();
        mpi.call(isend(world, type, b, 10, r));
        mpi.call(on(MpiFunction.MPI_WAIT, 11, r, new Object()));
        // MPI freed it (MPI_REQUEST_NULL): waiting and testing again returns at once, as allowed
        mpi.call(on(MpiFunction.MPI_WAIT, 12, r, new Object()));
        mpi.call(on(MpiFunction.MPI_TEST, 13, r, Boolean.TRUE));
        // the program frees it after its last wait: allowed, and an array wait given it later too
        mpi.call(on(MpiFunction.MPI_REQUEST_FREE, 14, r, null));
        mpi.call(on(MpiFunction.MPI_WAITALL, 15, new Object[] {r}, null));
        assertThat(checker.findings()).isEmpty();
    }

    @Test
    void aFreedRequestGivenAgainIsAMisuseNamingTheFree() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        Object type = mpi.constant("BYTE");
        ByteBuffer b = ByteBuffer.allocateDirect(4096);
        Object done = new Object();
        mpi.call(isend(world, type, b, 10, done));
        mpi.call(on(MpiFunction.MPI_WAIT, 11, done, new Object()));
        mpi.call(on(MpiFunction.MPI_REQUEST_FREE, 12, done, null));
        mpi.call(on(MpiFunction.MPI_WAIT, 13, done, new Object()));
        assertThat(misuses()).containsExactly("MPI_REQUEST_FREE:12 MPI_WAIT:13 ERROR");
        assertThat(checker.findings().get(0).message()).contains("waits for and tells nothing");

        // freed while active: the wait says nothing of the send, which may be in progress
        Object active = new Object();
        mpi.call(isend(world, type, b, 20, active));
        mpi.call(on(MpiFunction.MPI_REQUEST_FREE, 21, active, null));
        mpi.call(on(MpiFunction.MPI_TEST, 22, active, Boolean.TRUE));
        mpi.call(on(MpiFunction.MPI_REQUEST_FREE, 23, active, null));
        assertThat(misuses())
                .containsExactly(
                        "MPI_REQUEST_FREE:12 MPI_WAIT:13 ERROR",
                        "MPI_REQUEST_FREE:21 MPI_TEST:22 ERROR",
                        "MPI_REQUEST_FREE:21 MPI_REQUEST_FREE:23 ERROR");
        assertThat(checker.findings().get(1).message()).contains("MPI_ISEND at line 20", "still active");

        // a persistent request freed and started again
        Object p = new Object();
        mpi.call(sendInit(world, type, b, 30, p));
        mpi.call(on(MpiFunction.MPI_REQUEST_FREE, 31, p, null));
        mpi.call(on(MpiFunction.MPI_START, 32, p, null));
        assertThat(misuses()).hasSize(4).last().isEqualTo("MPI_REQUEST_FREE:31 MPI_START:32 ERROR");
    }
}
