package org.qmpi4j.corpus.mpj;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every program's header says what its source says: the lines of {@code expect:} are exactly the
 * lines that end in {@code // ERROR} (a formatter that moved lines makes them disagree: run {@code
 * python3 generate.py --fix-headers}), a correct program has none, the category is the package,
 * and the program runs on 2 to 4 ranks. The integration tests read these headers to score {@code
 * check}; a wrong line there would count a right finding as unhelpful.
 */
class MpjCorpusHeadersTest {
    private static final Path ROOT = Path.of("src/main/java/org/qmpi4j/corpus/mpj");
    private static final Pattern CORPUS = Pattern.compile("^// corpus: category=(\\w+) ranks=(\\d+)$");
    private static final Pattern INTENT = Pattern.compile("^// intent: \\S.*$");
    private static final Pattern EXPECT = Pattern.compile("^// expect: (none|(\\w+) lines ([\\d,]+))$");

    @Test
    void everyHeaderMatchesItsErrorMarkers() throws IOException {
        List<Path> programs = programs();
        assertThat(programs).hasSizeGreaterThanOrEqualTo(60);
        int correct = 0;
        for (Path p : programs) {
            List<String> lines = Files.readAllLines(p);
            Matcher c = CORPUS.matcher(lines.get(0));
            Matcher e = EXPECT.matcher(lines.get(2));
            assertThat(c.matches()).as("%s: corpus line", p).isTrue();
            assertThat(lines.get(1)).as("%s: intent line", p).matches(INTENT);
            assertThat(e.matches()).as("%s: expect line", p).isTrue();
            assertThat(c.group(1))
                    .as("%s: category", p)
                    .isEqualTo(p.getParent().getFileName().toString());
            assertThat(Integer.parseInt(c.group(2))).as("%s: ranks", p).isBetween(2, 4);
            List<Integer> marked = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).stripTrailing().endsWith("// ERROR")) {
                    marked.add(i + 1);
                }
            }
            List<Integer> expected = e.group(3) == null
                    ? List.of()
                    : Stream.of(e.group(3).split(",")).map(Integer::valueOf).collect(Collectors.toList());
            assertThat(marked).as("%s: the lines marked // ERROR", p).isEqualTo(expected);
            assertThat(e.group(1).equals("none"))
                    .as("%s: correct iff nothing marked", p)
                    .isEqualTo(marked.isEmpty());
            if (marked.isEmpty()) {
                correct++;
            }
        }
        assertThat(correct).as("correct programs").isBetween(programs.size() * 4 / 10, programs.size() * 6 / 10);
    }

    private static List<Path> programs() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(f -> f.toString().endsWith(".java")
                            && !f.getFileName().toString().equals("package-info.java"))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }
}
