package org.qmpi4j.bench.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.CheckFormat;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.json.JsonFormatException;

/**
 * What the {@code check} tool said of one run of a suite program, one line per finding (as
 * {@code check.txt} gives it), read from the {@code check.json} the run wrote: the suite's programs
 * are meant to be correct, so each finding is a false alarm of {@code check} or a defect of the
 * program, to be looked at one by one.
 */
final class CheckFindings {
    private CheckFindings() {}

    /**
     * The findings in {@code folder/check.json}; a missing, unreadable or incomplete file is
     * reported as a line too, since a run of {@code check} that ends always writes a complete one.
     * {@code null} if there is no {@code folder}: the program never initialised MPI (some of the
     * suite's classes run their test only when the suite's driver calls their constructor), so
     * there was nothing to check.
     */
    static @Nullable List<String> read(Path folder) {
        if (!Files.isDirectory(folder)) {
            return null;
        }
        Path json = folder.resolve("check.json");
        if (!Files.isRegularFile(json)) {
            return List.of("problem: check wrote no " + json);
        }
        try {
            CheckFormat.Findings f = CheckFormat.read(Files.readString(json, StandardCharsets.UTF_8));
            List<String> out = new ArrayList<>();
            for (Finding finding : f.findings) {
                out.add(finding.line());
            }
            if (!f.complete) {
                out.add("problem: " + json + " is not complete (ranks " + f.ranks + ")");
            }
            return out;
        } catch (IOException | JsonFormatException e) {
            return List.of("problem: " + json + " unreadable: " + e.getMessage());
        }
    }
}
