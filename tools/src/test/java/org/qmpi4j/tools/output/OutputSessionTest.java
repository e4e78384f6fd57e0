package org.qmpi4j.tools.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.testing.FakeMpi;

class OutputSessionTest {
    @TempDir
    Path dir;

    /**
     * The job's line names the files in the chain's order, whatever each tool left for later: the
     * profiler's reports, written while MPI_Finalize runs, come before the trace the tracer after
     * it wrote at once, as they did when the reports were written at once too.
     */
    @Test
    void theResultsLineNamesTheFilesInTheChainsOrder() throws Exception {
        new FakeMpi();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(errBytes, true);
        OutputSession session = OutputSession.open(new WorldComm(1, FakeMpi.BINDING), dir.toString(), err);
        session.join(); // the profiler
        session.join(); // the tracer

        session.writeLater(
                "writing the profile",
                new RankOutput("profiler", reason -> {}, err),
                () -> List.of("report.txt", "profile.json"));
        session.finished(List.of());
        session.toolDone();
        session.finished(List.of("trace.json"));
        session.toolDone();
        session.awaitWritten();

        assertThat(errBytes.toString()).contains("(report.txt, profile.json, trace.json)");
    }
}
