package org.qmpi4j.formats.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.formats.trace.TraceFormat.NONE;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.Nullable;

/**
 * Format 6 written by {@link TraceFileWriter} and read back by {@link ShardParser}, field by field,
 * whole or in chunks of any size; damage reported by byte offset; older (text) versions still read.
 */
class ShardFormatTest {
    /** What a call that completed no request passes. */
    private static final long[] NO_COMPLETIONS = new long[0];

    @TempDir
    Path dir;

    /** What a parser handed on, copied. */
    private static final class Recorded implements ShardParser.Listener {
        final List<ShardEvent> events = new ArrayList<>();
        final List<long[]> completions = new ArrayList<>();
        final List<ShardCommunicator> completionComms = new ArrayList<>();
        final List<ShardEvent> completedBy = new ArrayList<>();

        @Override
        public void event(ShardEvent e) {
            events.add(e.copy());
        }

        @Override
        public void completed(
                ShardEvent call, long request, @Nullable ShardCommunicator comm, long peer, long tag, long seq) {
            completions.add(new long[] {request, peer, tag, seq});
            completionComms.add(comm);
            completedBy.add(call.copy());
        }
    }

    private static Recorded parse(int rank, byte[] bytes, ShardParser[] parser) throws IOException {
        Recorded r = new Recorded();
        ShardParser p = new ShardParser(rank, r);
        p.feed(bytes, 0, bytes.length);
        p.end();
        parser[0] = p;
        return r;
    }

    @Test
    void everyFieldAndRecordIsReadBackAsWritten() throws Exception {
        Path f = dir.resolve("rank-1.trace");
        String subKey = TraceFormat.communicatorKey("I 1,3", 0);
        try (TraceFileWriter w = new TraceFileWriter(f, 1, 4, "openmpi", Long.MAX_VALUE, 1024)) {
            w.defineFunction(3, "MPI_BCAST");
            w.defineFunction(4, "MPI_IRECV");
            w.defineFunction(5, "MPI_WAITALL");
            w.defineFunction(6, "MPI_PCONTROL");
            w.defineFunction(7, "MPI_ISEND");
            w.defineThread(1, "main");
            w.defineSite(0, "org.example.App", "main", "App.java", 42);
            w.defineSite(1, "org.example.App", "lambda$run$0", null, -1);
            w.defineCommunicator(0, TraceFormat.WORLD_KEY, "0..3", null);
            w.defineCommunicator(1, subKey, "1,3", null);
            w.defineCommunicator(2, "00000000000000ab.0", "0,1", "2,3");
            // A bcast on the sub-communicator rooted at world rank 3, its collective number 5.
            w.event(
                    3,
                    1,
                    100,
                    50,
                    3,
                    NONE,
                    64,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    0,
                    1,
                    3,
                    5,
                    NONE,
                    64,
                    NONE,
                    NO_COMPLETIONS,
                    0,
                    null);
            // An irecv on the sub-communicator from world rank 3, tag 9, its message 2, request 0.
            w.event(4, 1, 200, 10, 3, 9, 16, NONE, 3, 9, 2, 1, 1, NONE, NONE, 0, 16, NONE, NO_COMPLETIONS, 0, null);
            // An isend on the intercommunicator, request 1.
            w.event(
                    7,
                    1,
                    250,
                    10,
                    2,
                    4,
                    8,
                    0,
                    NONE,
                    NONE,
                    NONE,
                    1,
                    2,
                    NONE,
                    NONE,
                    1,
                    NONE,
                    NONE,
                    NO_COMPLETIONS,
                    0,
                    null);
            // A waitall completing both: the receive names its message.
            w.event(
                    5,
                    1,
                    300,
                    400,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    0,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    new long[] {0, 1, 3, 9, 2, 1, NONE, NONE, NONE, NONE},
                    2,
                    null);
            w.event(
                    6,
                    1,
                    800,
                    1,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    0,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    2,
                    NO_COMPLETIONS,
                    0,
                    null);
        }
        byte[] bytes = Files.readAllBytes(f);
        assertThat(new String(bytes, StandardCharsets.US_ASCII)).startsWith("qmpi4j-trace 6 1 4 openmpi\n");
        // As text, the records are the lines version 4 wrote.
        assertThat(ShardText.lines(f))
                .startsWith("qmpi4j-trace 6 1 4 openmpi")
                .contains("S 0 org.example.App main 42 App.java")
                .contains("S 1 org.example.App lambda$run$0 -1 -")
                .contains("M 0 w I 0..3 -")
                .contains("M 1 " + subKey + " I 1,3 -")
                .contains("M 2 00000000000000ab.0 X 0,1 2,3")
                .contains("E 3 1 100 50 3 - 64 - - - - 0 1 3 5 - 64 -")
                .containsSubsequence("W 0 1 3 9 2", "W 1 - - - -");
        // The same calls, fed a byte at a time: records cut anywhere between two chunks.
        Recorded bytewise = new Recorded();
        ShardParser q = new ShardParser(1, bytewise);
        for (int i = 0; i < bytes.length; i++) {
            q.feed(bytes, i, 1);
        }
        q.end();
        assertThat(q.problems()).isEmpty();
        assertThat(bytewise.events).hasSize(5);
        assertThat(bytewise.completions).hasSize(2);
        assertThat(bytewise.events.get(3).start()).isEqualTo(300);

        ShardParser[] p = new ShardParser[1];
        Recorded r = parse(1, Files.readAllBytes(f), p);
        assertThat(p[0].problems()).isEmpty();
        assertThat(p[0].version()).isEqualTo(6);
        assertThat(p[0].sites()).hasSize(2);
        ShardSite site = Objects.requireNonNull(p[0].sites().get(0));
        assertThat(site.className()).isEqualTo("org.example.App");
        assertThat(site.method()).isEqualTo("main");
        assertThat(site.file()).isEqualTo("App.java");
        assertThat(site.line()).isEqualTo(42);
        ShardSite anonymous = Objects.requireNonNull(p[0].sites().get(1));
        assertThat(anonymous.file()).isNull();
        assertThat(anonymous.line()).isEqualTo(-1);
        assertThat(p[0].communicators()).hasSize(3);
        ShardCommunicator world = Objects.requireNonNull(p[0].communicators().get(0));
        assertThat(world.isWorld()).isTrue();
        assertThat(world.localGroup()).containsExactly(0, 1, 2, 3);
        ShardCommunicator sub = Objects.requireNonNull(p[0].communicators().get(1));
        assertThat(sub.key()).isEqualTo(subKey);
        assertThat(sub.isInter()).isFalse();
        assertThat(sub.localGroup()).containsExactly(1, 3);
        assertThat(sub.remoteGroup()).isEmpty();
        ShardCommunicator inter = Objects.requireNonNull(p[0].communicators().get(2));
        assertThat(inter.isInter()).isTrue();
        assertThat(inter.localGroup()).containsExactly(0, 1);
        assertThat(inter.remoteGroup()).containsExactly(2, 3);

        assertThat(r.events).hasSize(5);
        ShardEvent bcast = r.events.get(0);
        assertThat(bcast.function()).isEqualTo("MPI_BCAST");
        assertThat(bcast.site()).isSameAs(site);
        assertThat(bcast.communicator()).isSameAs(sub);
        assertThat(bcast.root()).isEqualTo(3);
        assertThat(bcast.collectiveSeq()).isEqualTo(5);
        assertThat(bcast.bytes()).isEqualTo(64);
        assertThat(bcast.receivedBytes()).isEqualTo(64);
        assertThat(bcast.requestId()).isEqualTo(NONE);
        assertThat(bcast.pcontrolLevel()).isEqualTo(NONE);

        ShardEvent irecv = r.events.get(1);
        assertThat(irecv.requestId()).isZero();
        assertThat(irecv.postsReceive()).isTrue();
        assertThat(irecv.receivedBytes()).isEqualTo(16);
        assertThat(irecv.receivedMessage(1)).isEqualTo("3-1-9-2@" + subKey);
        assertThat(irecv.collectiveSeq()).isEqualTo(NONE);

        ShardEvent isend = r.events.get(2);
        assertThat(isend.requestId()).isEqualTo(1);
        assertThat(isend.communicator()).isSameAs(inter);
        assertThat(isend.sentMessage(1)).isEqualTo("1-2-4-0@00000000000000ab.0");
        assertThat(isend.postsReceive()).isFalse();

        assertThat(r.completions).hasSize(2);
        assertThat(r.completions.get(0)).containsExactly(0, 3, 9, 2);
        assertThat(r.completionComms.get(0)).isSameAs(sub);
        assertThat(r.completions.get(1)).containsExactly(1, NONE, NONE, NONE);
        assertThat(r.completionComms.get(1)).isNull();
        assertThat(r.completedBy.get(0).function()).isEqualTo("MPI_WAITALL");
        assertThat(r.completedBy.get(0).start()).isEqualTo(300);

        assertThat(r.events.get(4).pcontrolLevel()).isEqualTo(2);
        assertThat(r.events.get(4).communicator()).isNull();
    }

    @Test
    void communicatorKeysAndGroupsHaveOneTextOnEveryRank() {
        assertThat(TraceFormat.groupText(new int[] {0, 1, 2, 3, 8, 10, 11})).isEqualTo("0..3,8,10..11");
        assertThat(TraceFormat.groupText(new int[] {3, 1, -1})).isEqualTo("3,1,x");
        assertThat(TraceFormat.parseGroup("0..3,8,10..11")).containsExactly(0, 1, 2, 3, 8, 10, 11);
        assertThat(TraceFormat.parseGroup("3,1,x")).containsExactly(3, 1, -1);
        assertThat(TraceFormat.parseGroup("-")).isEmpty();
        String key = TraceFormat.communicatorKey("I 0..3", 2);
        assertThat(key).matches("[0-9a-f]{16}\\.2");
        assertThat(TraceFormat.communicatorKey("I 0..3", 2)).isEqualTo(key);
        assertThat(TraceFormat.communicatorKey("I 0..2", 2)).isNotEqualTo(key);
        // FNV-1a 64 of "a", as published with the algorithm.
        assertThat(TraceFormat.fnv1a64("a")).isEqualTo(0xaf63dc4c8601ec8cL);
    }

    @Test
    void aVersion3ShardStillReadsWithTheNewFieldsAbsent() throws Exception {
        String v3 = "qmpi4j-trace 3 1 2 openmpi\n"
                + "F 0 MPI_IRECV\n"
                + "F 1 MPI_WAIT\n"
                + "T 1 main\n"
                + "C 50 1000 20\n"
                + "Z 0\n"
                + "E 0 1 100 10 0 7 8 - 0 7 4\n"
                + "E 1 1 200 30 - - - - - - -\n"
                + "W 0 7 4\n";
        ShardParser[] p = new ShardParser[1];
        Recorded r = parse(1, v3.getBytes(StandardCharsets.US_ASCII), p);
        assertThat(p[0].problems()).isEmpty();
        assertThat(p[0].version()).isEqualTo(3);
        assertThat(p[0].sites()).isEmpty();
        assertThat(p[0].communicators()).isEmpty();
        assertThat(r.events).hasSize(2);
        ShardEvent irecv = r.events.get(0);
        assertThat(irecv.postsReceive()).isTrue();
        assertThat(irecv.receivedMessage(1)).isEqualTo("0-1-7-4");
        assertThat(irecv.site()).isNull();
        assertThat(irecv.communicator()).isNull();
        assertThat(irecv.root()).isEqualTo(NONE);
        assertThat(irecv.collectiveSeq()).isEqualTo(NONE);
        assertThat(irecv.requestId()).isEqualTo(NONE);
        assertThat(irecv.receivedBytes()).isEqualTo(NONE);
        assertThat(irecv.pcontrolLevel()).isEqualTo(NONE);
        assertThat(r.completions).hasSize(1);
        assertThat(r.completions.get(0)).containsExactly(NONE, 0, 7, 4);
        assertThat(r.completionComms.get(0)).isNull();
    }

    /** A version-4 shard, as the previous release wrote it, reads as before. */
    @Test
    void aVersion4TextShardStillReads() throws Exception {
        String subKey = TraceFormat.communicatorKey("I 1,3", 0);
        String v4 = "qmpi4j-trace 4 1 4 openmpi\n"
                + "F 3 MPI_BCAST\n"
                + "F 5 MPI_WAITALL\n"
                + "T 1 main\n"
                + "S 0 org.example.App main 42 App.java\n"
                + "M 0 w I 0..3 -\n"
                + "M 1 " + subKey + " I 1,3 -\n"
                + "E 3 1 100 50 3 - 64 - - - - 0 1 3 5 - 64 -\n"
                + "E 5 1 300 400 - - - - - - - 0 - - - - - -\n"
                + "W 0 1 3 9 2\nW 1 - - - -\n"
                + "X 2 0\n";
        ShardParser[] p = new ShardParser[1];
        Recorded r = parse(1, v4.getBytes(StandardCharsets.US_ASCII), p);
        assertThat(p[0].problems()).isEmpty();
        assertThat(p[0].version()).isEqualTo(4);
        assertThat(r.events).hasSize(2);
        assertThat(Objects.requireNonNull(r.events.get(0).communicator()).key()).isEqualTo(subKey);
        assertThat(r.events.get(0).collectiveSeq()).isEqualTo(5);
        assertThat(r.completions.get(0)).containsExactly(0, 3, 9, 2);
        assertThat(r.completions.get(1)).containsExactly(1, NONE, NONE, NONE);
        Path f = dir.resolve("rank-1.trace");
        Files.writeString(f, v4, StandardCharsets.US_ASCII);
        assertThat(ShardEnd.ended(f)).isTrue();
    }

    /** Extreme values, negative ones and times that go backwards (another thread's call) survive the varints. */
    @Test
    void extremeValuesRoundTrip() throws Exception {
        Path f = dir.resolve("rank-0.trace");
        long big = Long.MAX_VALUE;
        long small = Long.MIN_VALUE + 1;
        try (TraceFileWriter w = new TraceFileWriter(f, 0, 1, "openmpi", Long.MAX_VALUE, 1024)) {
            w.defineFunction(0, "MPI_SEND");
            w.event(
                    0,
                    big,
                    big - 5,
                    0,
                    -1,
                    -2,
                    big,
                    0,
                    small,
                    -3,
                    big,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NO_COMPLETIONS,
                    0,
                    null);
            w.event(
                    0,
                    1,
                    7,
                    big,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NO_COMPLETIONS,
                    0,
                    null);
            w.end();
        }
        ShardParser[] p = new ShardParser[1];
        Recorded r = parse(0, Files.readAllBytes(f), p);
        assertThat(p[0].problems()).isEmpty();
        ShardEvent a = r.events.get(0);
        assertThat(new long[] {a.tid(), a.start(), a.duration(), a.peer(), a.tag(), a.bytes(), a.sendSeq()})
                .containsExactly(big, big - 5, 0, -1, -2, big, 0);
        assertThat(new long[] {a.recvPeer(), a.recvTag(), a.recvSeq()}).containsExactly(small, -3, big);
        ShardEvent b = r.events.get(1);
        assertThat(new long[] {b.tid(), b.start(), b.duration(), b.peer()}).containsExactly(1, 7, big, NONE);
        assertThat(ShardEnd.ended(f)).isTrue();
    }

    /** The size limit: the file stops growing below it, a record says when, the end record still follows. */
    @Test
    void theLimitStopsTheFileAndIsReported() throws Exception {
        Path f = dir.resolve("rank-0.trace");
        long[] limit = new long[1];
        try (TraceFileWriter w = new TraceFileWriter(f, 0, 1, "openmpi", 2000, 1024)) {
            w.defineFunction(0, "MPI_BARRIER");
            for (int i = 0; i < 1000; i++) {
                w.event(0, 1, 1000L + 10 * i, 5, NONE, NONE, NONE, NONE, NONE, NONE, NONE);
            }
            assertThat(w.limitReached()).isTrue();
            assertThat(w.eventsWritten() + w.eventsDropped()).isEqualTo(1000);
            w.end();
        }
        assertThat(Files.size(f)).isLessThanOrEqualTo(2000 + TraceFormat.END_RECORD_BYTES);
        ShardParser p = new ShardParser(0, new ShardParser.Listener() {
            @Override
            public void event(ShardEvent e) {}

            @Override
            public void limit(long limitBytes, long eventsWritten, long localTime) {
                limit[0] = eventsWritten;
            }
        });
        byte[] bytes = Files.readAllBytes(f);
        p.feed(bytes, 0, bytes.length);
        p.end();
        assertThat(p.problems()).isEmpty();
        assertThat(p.truncated()).isTrue();
        assertThat(limit[0]).isEqualTo(p.events()).isPositive();
        assertThat(ShardEnd.ended(f)).isTrue();
    }

    /**
     * JVM records: written only when a number is not 0, read back onto the call that follows them,
     * never onto a later call; a call without one reads all 0, fed whole or a byte at a time.
     */
    @Test
    void jvmRecordsBelongToTheCallAfterThemAndCostNothingWhenEmpty() throws Exception {
        Path f = dir.resolve("rank-0.trace");
        long[] pause = {1_500_000, 2, 30_000, 0, 0, 0, 0, 0, 0, Long.MAX_VALUE / 2};
        long[] inside = {0, 0, 0, 0, 0, 9_000_000, 1, 0, 250_000, 0};
        long[] nothing = new long[TraceFormat.JVM_FIELDS];
        long without;
        long withNull;
        try (TraceFileWriter w = new TraceFileWriter(f, 0, 1, "openmpi", Long.MAX_VALUE, 1024)) {
            w.defineFunction(0, "MPI_BARRIER");
            w.event(
                    0,
                    1,
                    100,
                    5,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NO_COMPLETIONS,
                    0,
                    pause);
            long before = w.size();
            w.event(
                    0,
                    1,
                    200,
                    5,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NO_COMPLETIONS,
                    0,
                    nothing);
            without = w.size() - before;
            w.event(
                    0,
                    1,
                    300,
                    5,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NO_COMPLETIONS,
                    0,
                    inside);
            before = w.size();
            w.event(
                    0,
                    1,
                    400,
                    5,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NONE,
                    NO_COMPLETIONS,
                    0,
                    null);
            withNull = w.size() - before;
            w.end();
        }
        // A call with nothing from the JVM is as long as one written without the JVM's numbers.
        assertThat(without).isEqualTo(withNull);
        byte[] bytes = Files.readAllBytes(f);
        assertThat(new String(bytes, StandardCharsets.US_ASCII)).startsWith("qmpi4j-trace 6 ");
        assertThat(ShardText.lines(f)).contains("J 1500000 2 30000 0 0 0 0 0 0 " + Long.MAX_VALUE / 2);
        ShardParser[] p = new ShardParser[1];
        for (boolean bytewise : new boolean[] {false, true}) {
            Recorded r;
            if (bytewise) {
                r = new Recorded();
                ShardParser q = new ShardParser(0, r);
                for (int i = 0; i < bytes.length; i++) {
                    q.feed(bytes, i, 1);
                }
                q.end();
                p[0] = q;
            } else {
                r = parse(0, bytes, p);
            }
            assertThat(p[0].problems()).isEmpty();
            assertThat(r.events).hasSize(4);
            assertThat(jvmOf(r.events.get(0))).containsExactly(pause);
            assertThat(r.events.get(1).hasJvm()).isFalse();
            assertThat(jvmOf(r.events.get(2))).containsExactly(inside);
            assertThat(r.events.get(3).hasJvm()).isFalse();
        }
        // A reader of version 5 stops at the new record: the version says so first.
        byte[] damaged = bytes.clone();
        int header = new String(bytes, StandardCharsets.ISO_8859_1).indexOf('\n') + 1;
        int jvmAt = header;
        while (damaged[jvmAt] != TraceFormat.JVM_RECORD) {
            jvmAt++;
        }
        damaged[jvmAt + 2] = (byte) 0xf0; // fields beyond the ten
        Recorded r = parse(0, damaged, p);
        assertThat(p[0].problems()).singleElement().asString().contains("a JVM record with unknown fields");
        assertThat(r.events).isEmpty();
    }

    private static long[] jvmOf(ShardEvent e) {
        long[] v = new long[TraceFormat.JVM_FIELDS];
        for (int i = 0; i < v.length; i++) {
            v[i] = e.jvm(i);
        }
        return v;
    }

    /**
     * Damage: a cut file, an unknown record, an overlong number, an undefined function: each is one
     * problem naming the file and the byte offset, never an exception, and reading stops or goes on
     * as the damage allows.
     */
    @Test
    void damageIsReportedByByteOffset() throws Exception {
        Path f = dir.resolve("rank-0.trace");
        try (TraceFileWriter w = new TraceFileWriter(f, 0, 1, "openmpi", Long.MAX_VALUE, 1024)) {
            w.defineFunction(0, "MPI_BARRIER");
            for (int i = 0; i < 3; i++) {
                w.event(0, 1, 1000L + 10 * i, 5, NONE, NONE, NONE, NONE, NONE, NONE, NONE);
            }
            w.end();
        }
        byte[] whole = Files.readAllBytes(f);
        int header = new String(whole, StandardCharsets.ISO_8859_1).indexOf('\n') + 1;
        assertThat(ShardEnd.ended(f)).isTrue();

        byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 30);
        ShardParser[] p = new ShardParser[1];
        Recorded r = parse(0, cut, p);
        assertThat(r.events).hasSizeLessThan(3);
        assertThat(p[0].problems()).singleElement().asString().matches("ranks/rank-0\\.trace byte \\d+: cut short.*");
        Files.write(f, cut);
        assertThat(ShardEnd.ended(f)).isFalse();

        byte[] unknown = whole.clone();
        unknown[header] = 9;
        parse(0, unknown, p);
        assertThat(p[0].problems())
                .singleElement()
                .asString()
                .isEqualTo(
                        "ranks/rank-0.trace byte " + header + ": unknown record type 9; the rest of the file skipped");

        byte[] overlong = new byte[header + 40];
        System.arraycopy(whole, 0, overlong, 0, header);
        overlong[header] = TraceFormat.EVENT_RECORD;
        java.util.Arrays.fill(overlong, header + 3, overlong.length, (byte) 0xff);
        parse(0, overlong, p);
        assertThat(p[0].problems())
                .singleElement()
                .asString()
                .contains("byte " + header + ": a number of more than 10 bytes");

        byte[] undefined = whole.clone();
        int firstEvent = header;
        while (undefined[firstEvent] != TraceFormat.EVENT_RECORD) {
            firstEvent++; // past the function's text record
        }
        undefined[firstEvent + 3] = 5; // function id 5
        r = parse(0, undefined, p);
        assertThat(r.events).hasSize(2);
        assertThat(p[0].problems()).singleElement().asString().contains("function id 5, not defined");

        byte[] hugeText = java.util.Arrays.copyOf(whole, header + 5);
        hugeText[header] = TraceFormat.TEXT_RECORD;
        hugeText[header + 4] = 0x7f; // 2 GiB
        parse(0, hugeText, p);
        assertThat(p[0].problems()).singleElement().asString().contains("longer than any");
    }
}
