package org.qmpi4j.tools.check;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.qmpi4j.api.settings.Settings;

/** The checker the unit tests drive through a fake binding: tool id 1, its files in a test's folder. */
final class TestCheckers {
    private TestCheckers() {}

    /** A checker writing into {@code dir} (files rewritten only at the end) and saying its lines to {@code err}. */
    static Checker writingTo(Path dir, OutputStream err) {
        return new Checker(
                1,
                Settings.of(
                        null,
                        Map.of("qmpi4j.output", dir.toString(), "qmpi4j.flush-seconds", "3600")::get,
                        name -> null,
                        problem -> {}),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /** Each finding of {@code checker} as "rule FUNCTION:line FUNCTION:line": what a test compares. */
    static java.util.List<String> findingLines(Checker checker) {
        return checker.findings().stream()
                .map(f -> f.rule() + " "
                        + f.sites().stream()
                                .map(s -> s.function() + ":" + s.line())
                                .collect(java.util.stream.Collectors.joining(" ")))
                .collect(java.util.stream.Collectors.toList());
    }
}
