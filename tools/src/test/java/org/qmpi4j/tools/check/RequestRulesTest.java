package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * {@code buffer_modified} where one call completes several sends from one buffer (OSU's windows):
 * the buffer is read once for all of them, and each request is still compared with its own start.
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
        checker = new Checker(
                1,
                Settings.of(
                        null,
                        Map.of("qmpi4j.output", dir.toString(), "qmpi4j.flush-seconds", "3600")::get,
                        name -> null,
                        problem -> {}),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
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
}
