package org.qmpi4j.report.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.CheckFormat;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonPosition;
import org.qmpi4j.report.check.CheckMerger;
import org.qmpi4j.report.check.CheckText;
import org.qmpi4j.report.render.CheckHtml;

/**
 * Writes {@code check.json} and {@code check.txt} from the ranks' findings: for the tool at
 * {@code MPI_Finalize} (or when it ends a deadlocked job) and for {@code qmpi4j merge} from the
 * per-rank files a job left.
 */
public final class CheckOutputs {
    private CheckOutputs() {}

    /** The findings in {@code dir}'s {@code check.json}, or {@code null} when there is none or it is unreadable. */
    public static @Nullable List<Finding> read(Path dir) {
        Path json = dir.resolve(ResultFiles.CHECK_JSON);
        if (!Files.isRegularFile(json)) {
            return null;
        }
        try {
            return CheckFormat.read(new String(Files.readAllBytes(json), StandardCharsets.UTF_8)).findings;
        } catch (IOException | JsonFormatException | RuntimeException e) {
            return null;
        }
    }

    /** The merged findings of some ranks, and which ranks. */
    public static final class Merged {
        public final List<Finding> findings;
        public final List<Integer> ranks;
        public final List<String> problems;

        Merged(List<Finding> findings, List<Integer> ranks, List<String> problems) {
            this.findings = findings;
            this.ranks = ranks;
            this.problems = problems;
        }
    }

    /** Merges each rank's findings file content (an element may be {@code null} or empty: that rank is missing). */
    public static Merged merge(List<String> perRank) {
        CheckMerger merger = new CheckMerger();
        TreeSet<Integer> ranks = new TreeSet<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < perRank.size(); i++) {
            String json = perRank.get(i);
            if (json == null || json.isEmpty()) {
                continue;
            }
            try {
                CheckFormat.Findings f = CheckFormat.read(json);
                merger.addAll(f.findings);
                ranks.addAll(f.ranks);
            } catch (JsonFormatException bad) {
                problems.add(ResultFiles.RANKS_DIR + "/"
                        + ResultFiles.rankCheck(Path.of(""), i).getFileName() + " is corrupt: "
                        + JsonPosition.describe(json, bad) + " (rank " + i + "'s findings left out)");
            }
        }
        return new Merged(merger.result(), new ArrayList<>(ranks), problems);
    }

    /** Every {@code ranks/rank-<r>.check.json} of {@code dir}, by rank ({@code null} where a rank left none). */
    public static List<String> readRankFiles(Path dir) throws IOException {
        List<String> perRank = new ArrayList<>();
        Path ranks = ResultFiles.ranksDir(dir);
        if (!Files.isDirectory(ranks)) {
            return perRank;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(ranks)) {
            for (Path p : files) {
                int r = ResultFiles.rankOfCheck(p.getFileName().toString());
                // The list is by rank: a name past any job's ranks must not grow it to that rank.
                if (r >= 0 && r < ResultFiles.MAX_RANKS) {
                    while (perRank.size() <= r) {
                        perRank.add(null);
                    }
                    perRank.set(r, new String(Files.readAllBytes(p), StandardCharsets.UTF_8));
                }
            }
        }
        return perRank;
    }

    /**
     * Writes {@code check.json} and {@code check.txt} into {@code dir}; returns their names.
     *
     * @param size the job's ranks, or -1 when not known
     */
    public static List<String> writeAll(Path dir, Merged merged, int size) throws IOException {
        boolean complete = size >= 0 && merged.ranks.size() >= size;
        AtomicFiles.write(
                dir.resolve(ResultFiles.CHECK_JSON), CheckFormat.write(merged.findings, merged.ranks, complete));
        AtomicFiles.write(dir.resolve(ResultFiles.CHECK_TXT), CheckText.render(merged.findings, merged.ranks, size));
        Path html = dir.resolve(ResultFiles.REPORT_HTML);
        if (Files.isRegularFile(html)) {
            // The profiler wrote its page first: add the findings to it.
            AtomicFiles.write(
                    html,
                    CheckHtml.insert(new String(Files.readAllBytes(html), StandardCharsets.UTF_8), merged.findings));
        }
        List<String> names = new ArrayList<>(2);
        names.add(ResultFiles.CHECK_JSON);
        names.add(ResultFiles.CHECK_TXT);
        return names;
    }
}
