package org.qmpi4j.agent.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.settings.Setting;

/**
 * The settings tables of docs/user-guide.md say what the declarations say: the same keys, in the
 * same order, with the same environment variables and defaults. Edit a declaration and this test
 * names the row to change.
 */
class DocsSettingsTest {
    private static final String DOC = "docs/user-guide.md";

    private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\| `([^`]+)` \\| ([^|]+?) \\| .*\\|$");

    @Test
    void agentTableMatchesTheAgentsDeclarations() throws IOException {
        assertMatches("settings:agent", AgentConfig.DECLARED);
    }

    @Test
    void toolTableMatchesTheBundledToolsDeclarations() throws IOException {
        Map<String, Setting<?>> declared = new LinkedHashMap<>();
        for (ToolProvider p : ServiceLoader.load(ToolProvider.class)) {
            if (p.getClass().getName().startsWith("org.qmpi4j.tools.")) {
                p.settings().forEach(s -> declared.putIfAbsent(s.key(), s));
            }
        }
        assertThat(declared).as("bundled tools on the test class path").isNotEmpty();
        assertMatches("settings:tools", new ArrayList<>(declared.values()));
    }

    private static void assertMatches(String marker, List<Setting<?>> declared) throws IOException {
        List<String> expected = new ArrayList<>();
        for (Setting<?> s : declared) {
            if (!s.testOnly()) { // offered to tests, not to users: documented for contributors
                expected.add(row(s.key(), s.environmentVariable(), s.defaultText()));
            }
        }
        assertThat(rows(marker))
                .as(
                        "%s table <!-- %s --> (key | environment | default) against the declarations;"
                                + " change the row or the declaration",
                        DOC, marker)
                .containsExactlyElementsOf(expected);
    }

    private static String row(String key, String env, String defaultText) {
        return key + " | " + env + " | " + defaultText;
    }

    private static List<String> rows(String marker) throws IOException {
        List<String> lines = Files.readAllLines(doc());
        int start = -1;
        int end = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("<!-- " + marker + " ")) {
                start = i;
            } else if (lines.get(i).startsWith("<!-- /" + marker + " ")) {
                end = i;
            }
        }
        assertThat(start).as("%s has <!-- %s ... -->", DOC, marker).isNotNegative();
        assertThat(end).as("%s has <!-- /%s -->", DOC, marker).isGreaterThan(start);
        List<String> rows = new ArrayList<>();
        for (String line : lines.subList(start + 1, end)) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                rows.add(row(m.group(1), m.group(2), m.group(3).trim()));
            }
        }
        return rows;
    }

    private static Path doc() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(DOC)) && Files.isDirectory(dir.resolve("agent"))) {
                return dir.resolve(DOC);
            }
        }
        throw new AssertionError(
                DOC + " of the repository not found above " + Path.of("").toAbsolutePath());
    }
}
