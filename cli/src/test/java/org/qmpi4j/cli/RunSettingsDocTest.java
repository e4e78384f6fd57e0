package org.qmpi4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The user guide's table of {@code qmpi4j run}'s own switches ({@code <!-- settings:run -->}) has a
 * row for every option of the command beyond those its synopsis shows, with the variable the
 * command reads for it.
 */
class RunSettingsDocTest {
    private static final Path DOC = Path.of("..", "docs", "user-guide.md");
    private static final Set<String> IN_THE_SYNOPSIS =
            Set.of("--tools", "--toolpath", "--output", "--help", "--version");

    @Test
    void everySwitchOfRunHasARowWithItsVariable() throws IOException {
        List<String> rows = rows();
        List<String> switches = new CommandLine(new RunCommand())
                .getCommandSpec().options().stream()
                        .map(OptionSpec::longestName)
                        .filter(n -> !IN_THE_SYNOPSIS.contains(n))
                        .collect(Collectors.toList());

        assertThat(switches).containsExactly("--no-aot-cache", "--agent-in-environment");
        assertThat(rows).anyMatch(r -> r.startsWith("| `--agent-in-environment` | — |"));
        assertThat(rows).anyMatch(r -> r.startsWith("| `--no-aot-cache` | `QMPI4J_AOT=off` |"));
        assertThat(rows).anyMatch(r -> r.startsWith("| — | `QMPI4J_CACHE` |"));
    }

    private static List<String> rows() throws IOException {
        List<String> rows = new ArrayList<>();
        boolean in = false;
        for (String line : Files.readAllLines(DOC, StandardCharsets.UTF_8)) {
            if (line.startsWith("<!-- settings:run ")) {
                in = true;
            } else if (line.startsWith("<!-- /settings:run ")) {
                in = false;
            } else if (in && line.startsWith("| ") && !line.startsWith("| ---") && !line.startsWith("| switch ")) {
                rows.add(line);
            }
        }
        assertThat(rows).as("%s has a <!-- settings:run --> table", DOC).isNotEmpty();
        return rows;
    }
}
