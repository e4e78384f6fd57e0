package org.qmpi4j.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.check.CheckFormat;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.formats.files.ResultFiles;

class CheckOutputsTest {
    private static Finding leak(int rank, long count) {
        return new Finding(
                "request_leak",
                Finding.Severity.ERROR,
                "never completed",
                List.of(new FindingSite(rank, "MPI_ISEND", "a.B", "main", "B.java", 12)),
                count);
    }

    private static final Finding MISMATCH = new Finding(
            "type_mismatch",
            Finding.Severity.ERROR,
            "4 MPI_INT received as MPI_DOUBLE",
            List.of(
                    new FindingSite(0, "MPI_SEND", "a.B", "main", "B.java", 15),
                    new FindingSite(1, "MPI_RECV", "a.B", "main", null, -1)),
            1);

    @Test
    void aRankFileReadsBackAsWritten() throws Exception {
        String json = CheckFormat.write(List.of(leak(0, 3), MISMATCH), List.of(0), false);
        CheckFormat.Findings back = CheckFormat.read(json);
        assertThat(back.findings)
                .extracting(Finding::line)
                .containsExactly(leak(0, 3).line(), MISMATCH.line());
        assertThat(back.findings.get(1).sites().get(1).file()).isNull();
        assertThat(back.ranks).containsExactly(0);
        assertThat(back.complete).isFalse();
    }

    @Test
    void theSameFindingFromSeveralFlushesIsOneWithTheCountsAdded() {
        CheckOutputs.Merged m = CheckOutputs.merge(Arrays.asList(
                CheckFormat.write(List.of(leak(0, 2)), List.of(0), true),
                null,
                CheckFormat.write(List.of(leak(0, 5), MISMATCH), List.of(2), true)));
        assertThat(m.findings).hasSize(2);
        assertThat(m.findings.get(0).rule()).isEqualTo("request_leak");
        assertThat(m.findings.get(0).count()).isEqualTo(7);
        assertThat(m.ranks).containsExactly(0, 2);
    }

    @Test
    void writesCheckJsonAndCheckTxtAndSaysWhichRanksAreMissing(@TempDir Path dir) throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        Files.writeString(ResultFiles.rankCheck(dir, 0), CheckFormat.write(List.of(MISMATCH), List.of(0), true));
        Files.writeString(ResultFiles.rankCheck(dir, 1), CheckFormat.write(List.of(), List.of(1), false));
        CheckOutputs.Merged m = CheckOutputs.merge(CheckOutputs.readRankFiles(dir));
        assertThat(CheckOutputs.writeAll(dir, m, 3)).containsExactly("check.json", "check.txt");
        CheckFormat.Findings written = CheckFormat.read(Files.readString(dir.resolve("check.json")));
        assertThat(written.complete).isFalse();
        assertThat(written.ranks).containsExactly(0, 1);
        String text = Files.readString(dir.resolve("check.txt"));
        assertThat(text)
                .startsWith("qmpi4j check: 1 error(s), 0 warning(s) in 2 rank(s)\n")
                .contains("no data from 1 rank(s)")
                .contains("1. error type_mismatch\n   4 MPI_INT received as MPI_DOUBLE\n")
                .contains("   at rank 0 MPI_SEND B.main(B.java:15)\n")
                .contains("   at rank 1 MPI_RECV B.main(unknown source)\n");
    }
}
