package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.report.waits.WaitEvent;

/**
 * Every rank's calls are spilled to one file, rank after rank ({@link SpillWriter}'s records), and
 * read back from each rank's part a piece at a time: the pieces shrink as ranks grow, so records
 * span pieces, and message ids and communicator keys may be UTF-8.
 */
class SpilledEventsTest {
    @TempDir
    Path dir;

    /** A send of message {@code id} at {@code enter}, as SpillWriter writes it, then its completions. */
    private static void call(
            DataOutputStream out, SpillNames names, long enter, String clazz, int line, String id, String... completes)
            throws IOException {
        out.writeByte(SpillWriter.CALL);
        out.writeLong(enter);
        out.writeLong(enter + 5);
        out.writeLong(0);
        out.writeInt(names.function("MPI_SEND"));
        out.writeInt(names.site(clazz, "main", "Übung.java", line));
        out.writeBoolean(true); // sends
        string(out, id);
        out.writeByte(WaitEvent.Completion.HERE.ordinal());
        out.writeBoolean(false); // receives
        out.writeBoolean(true); // the JVM's numbers
        for (int i = 0; i < TraceFormat.JVM_FIELDS; i++) {
            out.writeLong(i);
        }
        out.writeBoolean(true); // a collective, to read its fields too
        string(out, "comm-Ω");
        out.writeInt(4);
        out.writeLong(7);
        out.writeInt(-1);
        for (String c : completes) {
            out.writeByte(c.startsWith("S") ? SpillWriter.COMPLETED_SEND : SpillWriter.COMPLETED_RECEIVE);
            string(out, c.substring(1));
        }
    }

    private static void string(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static List<WaitEvent> drain(SpilledEvents s) throws Exception {
        List<WaitEvent> all = new ArrayList<>();
        for (WaitEvent e = s.next(); e != null; e = s.next()) {
            all.add(e);
        }
        return all;
    }

    @Test
    void eachRanksPartIsReadWholeWhateverThePieceAndNamesStayUtf8() throws Exception {
        String longId = "message-Grüße" + "x".repeat(600); // a record longer than any piece
        SpillNames names = new SpillNames();
        ByteArrayOutputStream zero = new ByteArrayOutputStream();
        DataOutputStream z = new DataOutputStream(zero);
        call(z, names, 10, "Grüße", 7, longId, "Sm0");
        call(z, names, 20, "Gauß", 8, "m2");
        ByteArrayOutputStream one = new ByteArrayOutputStream();
        call(new DataOutputStream(one), names, 15, "Ωmega", 9, "m3", "Rm1", "Sm4");
        byte[] a = zero.toByteArray();
        byte[] b = one.toByteArray();
        Path file = dir.resolve("calls");
        byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        Files.write(file, both);

        for (int piece : new int[] {7, 256, TraceWaits.PIECE}) {
            try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
                List<WaitEvent> rank0 = drain(new SpilledEvents(in, 0, a.length, 0, piece, names));
                List<WaitEvent> rank1 = drain(new SpilledEvents(in, a.length, both.length, 1, piece, names));

                assertThat(rank0)
                        .extracting(WaitEvent::enter)
                        .as("piece " + piece)
                        .containsExactly(10L, 20L);
                assertThat(rank0.get(0).site().className()).isEqualTo("Grüße");
                assertThat(rank0.get(0).site().fileName()).isEqualTo("Übung.java");
                assertThat(rank0.get(0).site().line()).isEqualTo(7);
                assertThat(rank0.get(0).function()).isEqualTo("MPI_SEND");
                assertThat(rank0.get(0).exit()).isEqualTo(15L);
                assertThat(rank0.get(0).completedSends()).containsExactly("m0");
                assertThat(rank0.get(1).site().className()).isEqualTo("Gauß");
                assertThat(rank0.get(1).completedSends()).isEmpty();
                assertThat(rank1).extracting(WaitEvent::rank).containsExactly(1);
                assertThat(rank1.get(0).site().className()).isEqualTo("Ωmega");
                assertThat(rank1.get(0).completedReceives())
                        .as("the last call's completions")
                        .containsExactly("m1");
                assertThat(rank1.get(0).completedSends()).containsExactly("m4");
            }
        }
    }

    @Test
    void aPartCutInsideARecordIsAnErrorNotACall() throws Exception {
        SpillNames names = new SpillNames();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        call(new DataOutputStream(bytes), names, 10, "App", 7, "m1");
        Path file = dir.resolve("cut");
        Files.write(file, java.util.Arrays.copyOf(bytes.toByteArray(), bytes.size() - 3));
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            SpilledEvents s = new SpilledEvents(in, 0, bytes.size() - 3, 0, 64, names);
            org.assertj.core.api.Assertions.assertThatThrownBy(s::next)
                    .isInstanceOf(java.io.EOFException.class)
                    .hasMessageContaining("rank 0");
        }
    }

    @Test
    void thePiecesOfAllRanksStayWithinTheirBudget() {
        assertThat(TraceWaits.pieceFor(1)).isEqualTo(TraceWaits.PIECE);
        assertThat(TraceWaits.pieceFor(4096)).isEqualTo(TraceWaits.PIECE);
        assertThat((long) TraceWaits.pieceFor(65_536) * 65_536).isLessThanOrEqualTo(TraceWaits.PIECES_BUDGET);
        assertThat(TraceWaits.pieceFor(1 << 20)).as("never below a line").isEqualTo(TraceWaits.SMALLEST_PIECE);
    }
}
