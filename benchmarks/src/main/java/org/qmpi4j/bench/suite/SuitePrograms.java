package org.qmpi4j.bench.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The suite folder {@code scripts/setup-suite.sh} prepares: compiled programs in {@code classes},
 * their main classes in {@code programs.txt}, and which programs a run takes from it.
 */
final class SuitePrograms {
    final Path classes;
    final List<String> all;

    private SuitePrograms(Path classes, List<String> all) {
        this.classes = classes;
        this.all = all;
    }

    static SuitePrograms read(Path suite) throws IOException {
        Path list = suite.resolve("programs.txt");
        Path classes = suite.resolve("classes");
        if (!Files.isRegularFile(list) || !Files.isDirectory(classes)) {
            throw new IllegalStateException(suite + " holds no compiled suite (programs.txt, classes/):"
                    + " run scripts/setup-suite.sh, which prints the folder to pass as --suite");
        }
        return new SuitePrograms(classes, parse(Files.readAllLines(list)));
    }

    /** Main class names, one a line; blank lines and {@code #} comments ignored. */
    static List<String> parse(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            String s = line.strip();
            if (!s.isEmpty() && !s.startsWith("#")) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The programs whose class name matches {@code only} (a find, not a full match) and none of
     * {@code excluded}'s, in the list's order, at most {@code limit} of them (0: no limit).
     */
    static List<String> select(List<String> programs, Pattern only, Pattern excluded, int limit) {
        List<String> out = new ArrayList<>();
        for (String p : programs) {
            if (only.matcher(p).find() && !excluded.matcher(p).find() && (limit <= 0 || out.size() < limit)) {
                out.add(p);
            }
        }
        return out;
    }
}
