package org.qmpi4j.agent.internal.instrument;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/** Line numbers of {@code // @site:NAME} markers in the fixture sources. */
final class FixtureLines {
    private FixtureLines() {}

    static int line(String simpleClassName, String site) {
        Path src = Paths.get(
                System.getProperty("basedir", "."),
                "src/test/java/org/qmpi4j/fixture/instrument/app",
                simpleClassName + ".java");
        List<String> lines;
        try {
            lines = Files.readAllLines(src, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String marker = "// @site:" + site;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).trim().endsWith(marker)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException("no marker " + marker + " in " + src);
    }
}
