package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;

/**
 * A hand-written source file of the product (any module's {@code src/main/java}) over
 * {@value #LIMIT} lines says at its top why it is one file (the developers' guide asks for small
 * classes, or a reason): its class comment, before the type's declaration, holds one of the
 * phrases the codebase uses for that reason. Generated sources are under {@code target/} and not
 * read.
 */
class LongFilesSayWhyTest {
    private static final int LIMIT = 400;

    /** How the class comments give their reason ("One class because ...", "over the usual size", ...). */
    private static final Pattern REASON =
            Pattern.compile("(?is)\\b(one (class|file|enum|interface)[^.]{0,40}\\b(because|on purpose)"
                    + "|over the usual size|over \\d+ lines|longer than most|of this length|its length is)");

    @Test
    void everyLongFileSaysWhyItIsOne() throws IOException {
        Path root = AgentJob.repoRoot();
        List<String> silent = new ArrayList<>();
        int long_ = 0;
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(LongFilesSayWhyTest::isMainSource)::iterator) {
                List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
                if (lines.size() <= LIMIT) {
                    continue;
                }
                long_++;
                if (!REASON.matcher(header(lines)).find()) {
                    silent.add(root.relativize(f) + " (" + lines.size() + " lines)");
                }
            }
        }
        assertThat(long_).as("the walk found the long files").isPositive();
        assertThat(silent)
                .as("files over %d lines whose class comment does not say why they are one file", LIMIT)
                .isEmpty();
    }

    private static boolean isMainSource(Path p) {
        String s = p.toString().replace('\\', '/');
        return s.endsWith(".java")
                && s.contains("/src/main/java/")
                && !s.contains("/target/")
                && !s.contains("/.git/")
                && !s.endsWith("package-info.java");
    }

    /** The file's text up to its first top-level type declaration. */
    private static String header(List<String> lines) {
        StringBuilder b = new StringBuilder();
        for (String line : lines) {
            if (line.matches(
                    "^(public |final |abstract |sealed |non-sealed )*(class|interface|enum|record|@interface) .*")) {
                break;
            }
            b.append(line).append('\n');
        }
        return b.toString();
    }
}
