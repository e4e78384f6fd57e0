package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.report.waits.WaitEvent;

/**
 * Every rank's calls are spilled to one file, rank after rank, and read back from each rank's part
 * a piece at a time: the pieces shrink as ranks grow, so lines span pieces, and names may be UTF-8.
 */
class SpilledEventsTest {
    @TempDir
    Path dir;

    private static String call(long enter, String clazz, int line) {
        return "C\t" + enter + "\t" + (enter + 5) + "\t0\tMPI_SEND\t" + clazz + "\tmain\tÜbung.java\t" + line
                + "\tm1\tHERE\t-\t-\t-\t-\n";
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
        String longName = "org.example.Grüße" + "x".repeat(600); // a line longer than any piece
        String rank0 = call(10, longName, 7) + "S\tm0\n" + call(20, "Gauß", 8);
        String rank1 = call(15, "Ωmega", 9) + "R\tm1\n";
        Path file = dir.resolve("calls");
        byte[] a = rank0.getBytes(StandardCharsets.UTF_8);
        byte[] b = rank1.getBytes(StandardCharsets.UTF_8);
        byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        Files.write(file, both);

        for (int piece : new int[] {7, 256, TraceWaits.PIECE}) {
            Map<String, CallSite> sites = new HashMap<>();
            try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
                List<WaitEvent> zero = drain(new SpilledEvents(in, 0, a.length, 0, piece, sites));
                List<WaitEvent> one = drain(new SpilledEvents(in, a.length, both.length, 1, piece, sites));

                assertThat(zero)
                        .extracting(WaitEvent::enter)
                        .as("piece " + piece)
                        .containsExactly(10L, 20L);
                assertThat(zero.get(0).site().className()).isEqualTo(longName);
                assertThat(zero.get(0).site().fileName()).isEqualTo("Übung.java");
                assertThat(zero.get(0).completedSends()).containsExactly("m0");
                assertThat(zero.get(1).site().className()).isEqualTo("Gauß");
                assertThat(one).extracting(WaitEvent::rank).containsExactly(1);
                assertThat(one.get(0).site().className()).isEqualTo("Ωmega");
                assertThat(one.get(0).completedReceives())
                        .as("the last call's completions")
                        .containsExactly("m1");
            }
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
