package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;

/**
 * The layout tables of docs/contributing.md name exactly the modules and the api/mpit/agent packages
 * the tree has.
 */
class DocsLayoutTest {
    private static final String DOC = "docs/contributing.md";

    private static final Pattern FIRST_CELL = Pattern.compile("^\\| `([^`]+)` \\|");

    @Test
    void theModuleTableListsEveryModuleOfTheBuild() throws IOException {
        Path root = AgentJob.repoRoot();
        Set<String> modules = new TreeSet<>();
        collectModules(root, "", modules);
        assertThat(new TreeSet<>(tableKeys("modules"))).isEqualTo(modules);
    }

    @Test
    void thePackageTableListsEveryMainPackageOfApiMpitAndAgent() throws IOException {
        Path root = AgentJob.repoRoot();
        Set<String> packages = new TreeSet<>();
        for (String module : List.of("api", "mpit", "agent")) {
            Path src = root.resolve(module).resolve("src/main/java");
            try (Stream<Path> files = Files.walk(src)) {
                files.filter(f -> f.toString().endsWith(".java"))
                        .map(f -> src.relativize(f.getParent()).toString().replace('/', '.'))
                        .forEach(packages::add);
            }
        }
        assertThat(new TreeSet<>(tableKeys("packages"))).isEqualTo(packages);
    }

    /** The first column of the table in {@link #DOC} between {@code <!-- layout:name -->} markers. */
    private static List<String> tableKeys(String name) throws IOException {
        String doc = Files.readString(AgentJob.repoRoot().resolve(DOC));
        int from = doc.indexOf("<!-- layout:" + name + " -->");
        int to = doc.indexOf("<!-- /layout:" + name + " -->");
        assertThat(from).as("%s marker layout:%s", DOC, name).isNotNegative();
        assertThat(to).as("%s end marker /layout:%s", DOC, name).isGreaterThan(from);
        List<String> keys = new ArrayList<>();
        for (String line : doc.substring(from, to).split("\n")) {
            Matcher m = FIRST_CELL.matcher(line);
            if (m.find()) {
                keys.add(m.group(1));
            }
        }
        return keys;
    }

    /** Leaf modules (those with sources, not aggregators) listed in the poms' {@code <module>} elements. */
    private static void collectModules(Path root, String dir, Set<String> out) throws IOException {
        String pom = Files.readString(root.resolve(dir).resolve("pom.xml"));
        List<String> children = Pattern.compile("<module>([^<]+)</module>")
                .matcher(pom)
                .results()
                .map(m -> m.group(1).trim())
                .collect(Collectors.toList());
        if (children.isEmpty() && !dir.isEmpty()) {
            out.add(dir);
        }
        for (String child : children) {
            collectModules(root, dir.isEmpty() ? child : dir + "/" + child, out);
        }
    }
}
