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
import org.qmpi4j.api.ArgumentRole;
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

    /** Makes a derived type by {@code f} with the roles given (role, value pairs); the new type. */
    private static Object made(FakeMpi mpi, MpiFunction f, Object... roles) throws Exception {
        Object type = new Object();
        FakeMpi.Call c = new FakeMpi.Call(f, new CallingAddress("App", "types", "App.java", 3));
        for (int i = 0; i < roles.length; i += 2) {
            c.role((ArgumentRole) roles[i], roles[i + 1]);
        }
        mpi.call(c.returned(null, type));
        return type;
    }

    private static CallingAddress at(int line) {
        return new CallingAddress("App", "main", "App.java", line);
    }

    @Test
    void derivedTypesAreComparedByTheirSignatures() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        Object intType = mpi.constant("INT");
        Object doubleType = mpi.constant("DOUBLE");
        Object floatType = mpi.constant("FLOAT");
        CallingAddress site = new CallingAddress("App", "main", "App.java", 20);
        Object pair =
                made(mpi, MpiFunction.MPI_TYPE_CONTIGUOUS, ArgumentRole.BLOCKS, 2, ArgumentRole.DATATYPE, intType);
        Object column = made(
                mpi,
                MpiFunction.MPI_TYPE_VECTOR,
                ArgumentRole.BLOCKS,
                4,
                ArgumentRole.BLOCK_LENGTH,
                1,
                ArgumentRole.DATATYPE,
                intType);
        Object floats = made(
                mpi,
                MpiFunction.MPI_TYPE_VECTOR,
                ArgumentRole.BLOCKS,
                4,
                ArgumentRole.BLOCK_LENGTH,
                1,
                ArgumentRole.DATATYPE,
                floatType);
        Object intDouble = made(
                mpi,
                MpiFunction.MPI_TYPE_CREATE_STRUCT,
                ArgumentRole.BLOCK_LENGTH,
                new int[] {1, 1},
                ArgumentRole.DATATYPE,
                new Object[] {intType, doubleType});
        Object doubleInt = made(
                mpi,
                MpiFunction.MPI_TYPE_CREATE_STRUCT,
                ArgumentRole.BLOCK_LENGTH,
                new int[] {1, 1},
                ArgumentRole.DATATYPE,
                new Object[] {doubleType, intType});
        Object resized = made(mpi, MpiFunction.MPI_TYPE_CREATE_RESIZED, ArgumentRole.DATATYPE, intDouble);

        // correct: a strided vector into contiguous ints, 2 pairs into 4 ints, a struct into its resized self
        mpi.call(message(MpiFunction.MPI_SEND, site, world, column, 1, 16));
        mpi.call(message(MpiFunction.MPI_RECV, site, world, intType, 4, 16));
        mpi.call(message(MpiFunction.MPI_SEND, site, world, pair, 2, 16));
        mpi.call(message(MpiFunction.MPI_RECV, site, world, intType, 8, 32)); // a longer receive
        mpi.call(message(MpiFunction.MPI_SEND, site, world, intDouble, 2, 24));
        mpi.call(message(MpiFunction.MPI_RECV, site, world, resized, 2, 32));
        // a pair type's signature is its two basic types: 4 MPI_INT into 2 MPI_2INT
        mpi.call(message(MpiFunction.MPI_SEND, site, world, intType, 4, 16));
        mpi.call(message(MpiFunction.MPI_RECV, site, world, mpi.constant("INT2"), 2, 16));
        assertThat(checker.findings()).isEmpty();

        // errors: a pair of ints is not a double; a vector of ints not one of floats; a struct's order swapped
        // (each at its own line: findings at the same sites are one)
        mpi.call(message(MpiFunction.MPI_SEND, at(21), world, pair, 1, 8));
        mpi.call(message(MpiFunction.MPI_RECV, at(22), world, doubleType, 1, 8));
        mpi.call(message(MpiFunction.MPI_SEND, at(23), world, column, 1, 16));
        mpi.call(message(MpiFunction.MPI_RECV, at(24), world, floats, 1, 16));
        mpi.call(message(MpiFunction.MPI_SEND, at(25), world, intDouble, 1, 12));
        mpi.call(message(MpiFunction.MPI_RECV, at(26), world, doubleInt, 1, 12));
        assertThat(checker.findings())
                .extracting(Finding::message)
                .hasSize(3)
                .satisfiesExactlyInAnyOrder(
                        m -> assertThat(m)
                                .startsWith("rank 0 sent 1 of a derived datatype (2 MPI_INT each) (8 bytes),"
                                        + " received as MPI_DOUBLE: the datatype signatures differ"),
                        m -> assertThat(m)
                                .startsWith("rank 0 sent 1 of a derived datatype (4 MPI_INT each) (16 bytes),"
                                        + " received as a derived datatype (4 MPI_FLOAT each)"),
                        m -> assertThat(m)
                                .startsWith(
                                        "rank 0 sent 1 of a derived datatype (1 MPI_INT, 1 MPI_DOUBLE each)"
                                                + " (12 bytes), received as a derived datatype (1 MPI_DOUBLE, 1 MPI_INT each)"));
    }

    @Test
    void aFreedTypeIsForgottenAndNotCompared() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        CallingAddress site = new CallingAddress("App", "main", "App.java", 30);
        Object pair = made(
                mpi,
                MpiFunction.MPI_TYPE_CONTIGUOUS,
                ArgumentRole.BLOCKS,
                2,
                ArgumentRole.DATATYPE,
                mpi.constant("INT"));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_TYPE_FREE, site).on(pair));
        mpi.call(message(MpiFunction.MPI_SEND, site, world, pair, 1, 8));
        mpi.call(message(MpiFunction.MPI_RECV, site, world, mpi.constant("DOUBLE"), 1, 8));
        assertThat(checker.findings()).isEmpty();
    }

    @Test
    void aSignatureWithTheLongestTextsStillFits() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        String longName = "x".repeat(400);
        CallingAddress sender = new CallingAddress(longName, longName, longName, 40);
        Object struct = made(
                mpi,
                MpiFunction.MPI_TYPE_CREATE_STRUCT,
                ArgumentRole.BLOCK_LENGTH,
                new int[] {1, 2, 3, 4, 5},
                ArgumentRole.DATATYPE,
                new Object[] {
                    mpi.constant("DOUBLE_COMPLEX"),
                    mpi.constant("FLOAT_COMPLEX"),
                    mpi.constant("DOUBLE_COMPLEX"),
                    mpi.constant("FLOAT_COMPLEX"),
                    mpi.constant("DOUBLE_COMPLEX")
                });
        mpi.call(message(MpiFunction.MPI_SEND, sender, world, struct, 1, 8));
        mpi.call(message(MpiFunction.MPI_RECV, at(41), world, mpi.constant("DOUBLE"), 1, 8));
        assertThat(errBytes.toString()).doesNotContain("fault");
        assertThat(checker.findings()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("type_mismatch");
            assertThat(f.message())
                    .startsWith("rank 0 sent 1 of a derived datatype (1 MPI_DOUBLE_COMPLEX, 2 MPI_FLOAT_COMPLEX, 3"
                            + " MPI_DOUBLE_COMPLEX, 4 MPI_FLOAT_COMPLEX, ... each)");
            assertThat(f.sites().get(0).className()).hasSize(300);
        });
    }
}
