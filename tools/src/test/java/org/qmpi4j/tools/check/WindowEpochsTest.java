package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.tools.mpi.PeerTranslator;

/** What a rank of {@code rma_race} hands rank 0 when it could not follow every access. */
class WindowEpochsTest {
    private final Checker checker = new Checker(
            0,
            Settings.of(null, k -> null, k -> null, p -> {}),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    @Test
    void aRankThatStoppedFollowingItsWindowsStillTakesPartAndStopsTheComparison() {
        WindowEpochs w = new WindowEpochs(checker, 0, 1, new PeerTranslator(0, new Object(), 2));
        assertThat(w.text()).isEmpty();
        w.off();
        assertThat(w.text()).isEqualTo("O\n");
        // at rank 0, a racing pair beside it is not compared: this rank's accesses are not all known
        String racing = "W w#0 0 4\nA w#0 1 1 0 0 4 0 MPI_PUT 10\tApp\tmain\tApp.java\n"
                + "A w#0 1 2 0 0 4 0 MPI_PUT 10\tApp\tmain\tApp.java\n";
        assertThat(WindowConflicts.read(racing).found()).hasSize(1);
        assertThat(WindowConflicts.read(racing + w.text()).found()).isEmpty();
    }
}
