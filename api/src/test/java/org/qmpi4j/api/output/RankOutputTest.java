package org.qmpi4j.api.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class RankOutputTest {
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);

    @Test
    void flushesPeriodicallyUntilStoppedThenNeverAgain() throws Exception {
        List<RankOutput.Reason> reasons = new CopyOnWriteArrayList<>();
        RankOutput out = new RankOutput("demo", reasons::add, err);
        out.start(0.01);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (reasons.size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(reasons).contains(RankOutput.Reason.PERIODIC);
        out.flush(RankOutput.Reason.PCONTROL);
        assertThat(reasons).contains(RankOutput.Reason.PCONTROL);
        out.stop();
        Thread.sleep(50);
        int after = reasons.size();
        out.flush(RankOutput.Reason.ABORT);
        Thread.sleep(50);
        assertThat(reasons).hasSize(after);
        assertThat(out.stopped()).isTrue();
    }

    @Test
    void aFailingFlushIsReportedOnceAndCounted() {
        RankOutput out = new RankOutput(
                "demo",
                reason -> {
                    throw new java.io.IOException("disk full");
                },
                err);
        out.flush(RankOutput.Reason.PCONTROL);
        out.flush(RankOutput.Reason.ABORT);
        out.fault("gathering", new IllegalStateException("x"));
        String printed = errBytes.toString(StandardCharsets.UTF_8);
        assertThat(printed.lines())
                .containsExactly("qmpi4j demo: failed flushing its files (pcontrol): java.io.IOException:"
                        + " disk full (the application continues; further failures are not shown)");
        assertThat(out.faults()).isEqualTo(3);
    }

    /** A file system that refuses the files is the job's to say once: kept, counted, not printed here. */
    @Test
    void aRefusingFileSystemIsKeptForTheJobsLineNotPrinted() {
        org.qmpi4j.api.internal.log.OutputTrouble.clear();
        try {
            RankOutput out = new RankOutput(
                    "demo",
                    reason -> {
                        throw new java.io.IOException("No space left on device");
                    },
                    err);
            out.flush(RankOutput.Reason.PERIODIC);
            out.fault(
                    "writing ranks/rank-0.profile.json",
                    new java.nio.file.FileSystemException("/r/ranks/x.tmp", null, "Read-only file system"));
            out.fault("talking to rank 0", new java.io.IOException("Connection reset"));
            assertThat(errBytes.toString(StandardCharsets.UTF_8).lines())
                    .containsExactly("qmpi4j demo: failed talking to rank 0: java.io.IOException: Connection reset"
                            + " (the application continues; further failures are not shown)");
            assertThat(out.faults()).isEqualTo(3);
            assertThat(org.qmpi4j.api.internal.log.OutputTrouble.count()).isEqualTo(2);
            assertThat(org.qmpi4j.api.internal.log.OutputTrouble.first())
                    .isEqualTo("demo: flushing its files (periodic): No space left on device");
        } finally {
            org.qmpi4j.api.internal.log.OutputTrouble.clear();
        }
    }
}
