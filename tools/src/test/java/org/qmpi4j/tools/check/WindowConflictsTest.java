package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code rma_race} at rank 0: the ranks' accesses in, the pairs that reach the same bytes in one epoch out. */
class WindowConflictsTest {
    /** Window {@code w} of every rank: each rank's line, with the displacement unit {@code unit}. */
    private static String windows(int ranks, int unit) {
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < ranks; r++) {
            b.append("W w#0 ").append(r).append(' ').append(unit).append('\n');
        }
        return b.toString();
    }

    private static String access(int epoch, int origin, int target, long disp, long bytes, int kind, int line) {
        String f = kind == WindowEpochs.PUT ? "MPI_PUT" : kind == WindowEpochs.GET ? "MPI_GET" : "MPI_ACCUMULATE";
        return "A w#0 " + epoch + " " + origin + " " + target + " " + disp + " " + bytes + " " + kind + " " + f + " "
                + line + "\tApp\tmain\tApp.java\n";
    }

    private static List<WindowConflicts.Conflict> found(String text) {
        return WindowConflicts.read(text).found();
    }

    @Test
    void twoPutsToTheSamePlaceInOneEpochConflict() {
        List<WindowConflicts.Conflict> c = found(windows(3, 4)
                + access(1, 2, 0, 0, 4, WindowEpochs.PUT, 17)
                + access(1, 1, 0, 0, 4, WindowEpochs.PUT, 17));
        assertThat(c).hasSize(1);
        assertThat(c.get(0).first.site.rank()).isEqualTo(1);
        assertThat(c.get(0).second.site.rank()).isEqualTo(2);
        assertThat(c.get(0).first.site.line()).isEqualTo(17);
        assertThat(c.get(0).message())
                .contains("rank 1's MPI_PUT and rank 2's MPI_PUT both reach bytes 0 to 3 of rank 0's window")
                .contains("between its 1st and 2nd MPI_Win_fence");
    }

    @Test
    void placesAreBytesOfTheTargetsDisplacementUnit() {
        // disp 1 and 2 with 4-byte units are bytes 4-7 and 8-11: apart
        assertThat(found(windows(3, 4)
                        + access(1, 1, 0, 1, 4, WindowEpochs.PUT, 10)
                        + access(1, 2, 0, 2, 4, WindowEpochs.PUT, 10)))
                .isEmpty();
        // the same with 1-byte units overlap in bytes 2 to 4
        List<WindowConflicts.Conflict> c = found(windows(3, 1)
                + access(1, 1, 0, 1, 4, WindowEpochs.PUT, 10)
                + access(1, 2, 0, 2, 4, WindowEpochs.PUT, 10));
        assertThat(c).hasSize(1);
        assertThat(c.get(0).from).isEqualTo(2);
        assertThat(c.get(0).to).isEqualTo(4);
    }

    @Test
    void accessesOfDifferentEpochsOrTargetsDoNotConflict() {
        assertThat(found(windows(3, 4)
                        + access(1, 1, 0, 0, 4, WindowEpochs.PUT, 10)
                        + access(2, 2, 0, 0, 4, WindowEpochs.PUT, 14)
                        + access(1, 2, 1, 0, 4, WindowEpochs.PUT, 18)))
                .isEmpty();
    }

    @Test
    void getsBesideGetsAndAccumulatesBesideAccumulatesAreAllowed() {
        assertThat(found(windows(3, 4)
                        + access(1, 1, 0, 0, 4, WindowEpochs.GET, 10)
                        + access(1, 2, 0, 0, 4, WindowEpochs.GET, 10)))
                .isEmpty();
        assertThat(found(windows(3, 4)
                        + access(1, 1, 0, 0, 4, WindowEpochs.ACCUMULATE, 10)
                        + access(1, 2, 0, 0, 4, WindowEpochs.ACCUMULATE, 10)))
                .isEmpty();
        assertThat(found(windows(3, 4)
                        + access(1, 1, 0, 0, 4, WindowEpochs.GET, 10)
                        + access(1, 2, 0, 0, 4, WindowEpochs.ACCUMULATE, 12)))
                .hasSize(1);
        assertThat(found(windows(3, 4)
                        + access(1, 1, 0, 0, 4, WindowEpochs.GET, 10)
                        + access(1, 2, 0, 0, 4, WindowEpochs.PUT, 12)))
                .hasSize(1);
    }

    @Test
    void aPairRepeatedInEveryEpochIsOneFinding() {
        StringBuilder t = new StringBuilder(windows(3, 4));
        for (int epoch = 1; epoch <= 50; epoch++) {
            t.append(access(epoch, 1, 0, 0, 4, WindowEpochs.PUT, 10))
                    .append(access(epoch, 2, 0, 0, 4, WindowEpochs.PUT, 10));
        }
        assertThat(found(t.toString())).hasSize(1);
    }

    @Test
    void nothingIsComparedWhereARankSynchronisedOtherwiseOrATargetsUnitIsNotKnown() {
        String racing = access(1, 1, 0, 0, 4, WindowEpochs.PUT, 10) + access(1, 2, 0, 0, 4, WindowEpochs.PUT, 10);
        assertThat(found("O\n" + windows(3, 4) + racing)).isEmpty();
        assertThat(found("W w#0 1 4\nW w#0 2 4\nW w#0 0 -1\n" + racing)).isEmpty();
        assertThat(found(racing)).isEmpty();
    }

    @Test
    void linesOfAnotherKindAreLeftOutAndWhatWasNotKeptIsCounted() {
        WindowConflicts c = WindowConflicts.read("D 7\nD 3\nA nonsense\nW x\n" + windows(2, 4)
                + access(1, 0, 1, 0, 8, WindowEpochs.PUT, 5) + access(1, 0, 1, 1, 4, WindowEpochs.PUT, 6));
        assertThat(c.dropped()).isEqualTo(10);
        assertThat(c.found()).hasSize(1);
        assertThat(c.found().get(0).message()).contains("(the same rank)").contains("bytes 4 to 7");
    }
}
