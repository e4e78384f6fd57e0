package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.support.AgentJob;

/**
 * Every relative link and every {@code #anchor} in README.md, BENCHMARKS.md, docs/*.md and
 * docs/decisions/*.md leads to a
 * file that exists and, for a Markdown file, to one of its headings, named as GitHub names them.
 * Moving a section or renaming a heading then fails here instead of leaving a dead link.
 */
class DocsLinksTest {
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    /** {@code [text](target)} or {@code ![alt](target "title")}; the text may hold code spans. */
    private static final Pattern LINK =
            Pattern.compile("\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");

    private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    @Test
    void everyRelativeLinkAndAnchorOfTheDocsResolves() throws IOException {
        Path root = AgentJob.repoRoot();
        List<Path> docs = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("BENCHMARKS.md")));
        for (String folder : List.of("docs", "docs/decisions")) {
            try (DirectoryStream<Path> dir = Files.newDirectoryStream(root.resolve(folder), "*.md")) {
                dir.forEach(docs::add);
            }
        }
        assertThat(docs).hasSizeGreaterThan(3);
        assertThat(brokenLinks(root, docs)).isEmpty();
    }

    @Test
    void aMissingFileOrHeadingIsReported(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("docs"));
        Files.writeString(
                dir.resolve("README.md"),
                "# Title\n\n## The `qmpi4j` command: run, report\n\n"
                        + "[ok](#the-qmpi4j-command-run-report) [ok](docs/a.md#mpi_t-events) [web](https://x.org/#y)\n"
                        + "[no file](docs/b.md) [no heading](docs/a.md#events) [no anchor](#title-)\n"
                        + "```\n[in code](nowhere.md)\n```\n`[in a span](nowhere.md)`\n");
        Files.writeString(dir.resolve("docs/a.md"), "# A\n\n### MPI_T events\n\n[back](../README.md#title)\n");
        assertThat(brokenLinks(dir, List.of(dir.resolve("README.md"), dir.resolve("docs/a.md"))))
                .containsExactly(
                        "README.md:6: docs/b.md: no such file",
                        "README.md:6: docs/a.md#events: no heading 'events' in docs/a.md",
                        "README.md:6: #title-: no heading 'title-' in README.md");
    }

    /** Each broken link as {@code file:line: target: why}, in the order the files and lines give. */
    private static List<String> brokenLinks(Path root, List<Path> docs) throws IOException {
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> broken = new ArrayList<>();
        for (Path doc : docs) {
            List<String> lines = Files.readAllLines(doc);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.trim().startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                if (fenced) {
                    continue;
                }
                Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
                while (m.find()) {
                    String target = m.group(1);
                    String why = SCHEME.matcher(target).find() ? null : problem(root, doc, target, anchors);
                    if (why != null) {
                        broken.add(root.relativize(doc) + ":" + (i + 1) + ": " + target + ": " + why);
                    }
                }
            }
        }
        return broken;
    }

    private static String problem(Path root, Path doc, String target, Map<Path, Set<String>> anchors)
            throws IOException {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
        if (!resolved.startsWith(root) || !Files.exists(resolved)) {
            return "no such file";
        }
        if (hash < 0) {
            return null;
        }
        String anchor = target.substring(hash + 1);
        if (!resolved.toString().endsWith(".md")) {
            return "an anchor into a file that is not Markdown";
        }
        Set<String> known = anchors.get(resolved);
        if (known == null) {
            known = headingAnchors(resolved);
            anchors.put(resolved, known);
        }
        return known.contains(anchor) ? null : "no heading '" + anchor + "' in " + root.relativize(resolved);
    }

    /** The anchors GitHub gives a file's headings, with -1, -2, ... for repeated ones. */
    private static Set<String> headingAnchors(Path doc) throws IOException {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(doc)) {
            if (line.trim().startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                Matcher m = HEADING.matcher(line);
                if (m.matches()) {
                    String slug = slug(m.group(1));
                    int n = seen.merge(slug, 1, Integer::sum) - 1;
                    anchors.add(n == 0 ? slug : slug + "-" + n);
                }
            }
        }
        return anchors;
    }

    /**
     * GitHub's rule: the heading's text (a link counts by its text), lower case, every character
     * that is not a letter, mark, digit, connector (such as {@code _}), space or hyphen removed,
     * each space a hyphen.
     */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
        return text.toLowerCase(java.util.Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "")
                .replace(' ', '-');
    }
}
