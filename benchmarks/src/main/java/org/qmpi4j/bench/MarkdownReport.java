package org.qmpi4j.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The report file of a benchmark main: a title and what it ran on, the machine described when the
 * run begins (its load then, not after the run's own load), then the run's own markdown; written to
 * a file and printed.
 */
public final class MarkdownReport {
    private final String head;

    private MarkdownReport(String head) {
        this.head = head;
    }

    /** Call before the run: describes the machine now. */
    public static MarkdownReport begin(String title, String settings) {
        return new MarkdownReport(
                "# " + title + "\n\n```\n" + Machine.describe() + "\nsettings: " + settings + "\n```\n\n");
    }

    /** Writes the head and {@code body} to {@code file}, and prints them after a blank line. */
    public void finish(Path file, String body) throws IOException {
        String md = head + body;
        Files.writeString(file, md);
        System.out.println();
        System.out.print(md);
    }
}
