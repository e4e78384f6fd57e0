package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * The signature a send writes and its receiver reads, on the one-rank fake MPI that carries it:
 * a mismatch or a truncation is found with the sender's site as the sender wrote it (its texts,
 * line, function and rank), and a matching message is no finding.
 */
class SignaturesTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private Checker checker = new Checker(
            1,
            Settings.of(null, k -> null, k -> null, p -> {}),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    private FakeMpi started() throws Exception {
        FakeMpi mpi = new FakeMpi();
        Settings settings = Settings.of(
                null,
                Map.of("qmpi4j.output", dir.toString(), "qmpi4j.flush-seconds", "3600")::get,
                name -> null,
                problem -> {});
        checker = new Checker(1, settings, new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        checker.register();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, new CallingAddress("App", "main", "App.java", 1)));
        return mpi;
    }

    private static FakeMpi.Call message(
            MpiFunction f, CallingAddress site, Object world, Object type, int count, long bytes) {
        ByteBuffer b = ByteBuffer.allocateDirect(64);
        return new FakeMpi.Call(f, site)
                .on(world)
                .peer(0)
                .tag(700) // beyond the boxed values kept: tags are any int
                .bytes(bytes)
                .message(count, type, b)
                .args(b, count, type, 0, 700);
    }

    @Test
    void aMismatchNamesTheSendersSiteAsItWasWritten() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        CallingAddress sender = new CallingAddress("org.example.Sölver", "exchange", "Sölver.java", 41);
        CallingAddress receiver = new CallingAddress("org.example.Other", "main", null, 77);
        mpi.call(message(MpiFunction.MPI_SEND, sender, world, mpi.constant("INT"), 8, 32));
        mpi.call(message(MpiFunction.MPI_RECV, receiver, world, mpi.constant("DOUBLE"), 4, 32));

        List<Finding> findings = checker.findings();
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("type_mismatch");
            assertThat(f.message())
                    .startsWith("rank 0 sent 8 MPI_INT (32 bytes), received as MPI_DOUBLE: the datatype signatures");
            assertThat(f.sites())
                    .extracting(SignaturesTest::describe)
                    .containsExactly(
                            "0 MPI_SEND org.example.Sölver.exchange(Sölver.java:41)",
                            "0 MPI_RECV org.example.Other.main(null:77)");
        });
    }

    private static String describe(FindingSite s) {
        return s.rank() + " " + s.function() + " " + s.className() + "." + s.method() + "(" + s.file() + ":" + s.line()
                + ")";
    }

    @Test
    void aLargerMessageIsATruncationAndAMatchingOneNothing() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        CallingAddress site = new CallingAddress("App", "main", "App.java", 10);
        Object type = mpi.constant("LONG");
        mpi.call(message(MpiFunction.MPI_ISEND, site, world, type, 4, 32).returned(new Object(), null));
        mpi.call(message(MpiFunction.MPI_RECV, site, world, type, 4, 32)); // the same: nothing
        mpi.call(message(MpiFunction.MPI_SEND, site, world, type, 4, 32));
        mpi.call(message(MpiFunction.MPI_RECV, site, world, type, 2, 16));

        assertThat(checker.findings()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("truncation");
            assertThat(f.message())
                    .startsWith("rank 0 sent 4 MPI_LONG (32 bytes) but this receive takes at most 16 bytes");
        });
        assertThat(mpi.loopback.receivedCount).isEqualTo(2);
    }
}
