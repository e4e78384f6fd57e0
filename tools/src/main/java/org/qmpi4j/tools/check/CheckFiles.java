package org.qmpi4j.tools.check;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.report.JobReport;
import org.qmpi4j.tools.output.OutputSession;
import org.qmpi4j.tools.output.RankResults;

/** This rank's findings file and the job's check.json and check.txt. */
final class CheckFiles implements RankResults.Content {
    private final Checker checker;

    CheckFiles(Checker checker) {
        this.checker = checker;
    }

    @Override
    public byte[] rankFile(boolean finalState) {
        return checker.rankFileContent(finalState).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Path rankPath(Path dir, int rank) {
        return ResultFiles.rankCheck(dir, rank);
    }

    @Override
    public List<String> writeResults(Path dir, List<byte[]> perRank, int size) throws Exception {
        return writeAll(dir, perRank, size);
    }

    private List<String> writeAll(Path dir, List<byte[]> perRank, int size) throws Exception {
        List<String> texts = new ArrayList<>(perRank.size());
        for (byte[] b : perRank) {
            texts.add(b.length == 0 ? null : new String(b, StandardCharsets.UTF_8));
        }
        JobReport.Checks merged = JobReport.mergeChecks(texts);
        for (String problem : merged.problems()) {
            checker.results().output().say(problem);
        }
        List<String> names = merged.write(dir, size);
        OutputSession session = checker.results().session();
        if (session != null && session.quietResults()) {
            return names; // qmpi4j run says the verdict after the job, from check.txt
        }
        checker.results()
                .output()
                .say(
                        merged.findings().isEmpty()
                                ? "no findings in " + merged.ranks().size() + " rank(s)"
                                : merged.findings().size() + " finding(s), listed in "
                                        + dir.resolve(ResultFiles.CHECK_TXT));
        return names;
    }
}
