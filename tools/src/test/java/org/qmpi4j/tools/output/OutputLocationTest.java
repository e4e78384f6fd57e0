package org.qmpi4j.tools.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.tools.ToolSettings;

class OutputLocationTest {
    @TempDir
    Path dir;

    private static ToolSettings settings(Map<String, String> props, Map<String, String> env) {
        return new ToolSettings(props::get, env);
    }

    @Test
    void defaultIsANewDatedFolderNeverOneTakenAlready() throws Exception {
        LocalDateTime t = LocalDateTime.of(2025, 3, 4, 5, 6, 7);
        ToolSettings none = settings(Map.of(), Map.of());
        assertThat(OutputLocation.choose(none, dir, t)).isEqualTo(dir.resolve("qmpi4j-20250304-050607"));
        assertThat(OutputLocation.choose(none, dir, t)).isEqualTo(dir.resolve("qmpi4j-20250304-050607-2"));
        assertThat(Files.isDirectory(dir.resolve("qmpi4j-20250304-050607-2"))).isTrue();
    }

    @Test
    void propertyBeforeEnvironmentAndRelativeToTheWorkingDirectory() throws Exception {
        ToolSettings both = settings(Map.of("qmpi4j.output", "from-prop"), Map.of("QMPI4J_OUTPUT", "from-env"));
        assertThat(OutputLocation.choose(both, dir, LocalDateTime.now())).isEqualTo(dir.resolve("from-prop"));
        ToolSettings env = settings(Map.of(), Map.of("QMPI4J_OUTPUT", dir.resolve("a/b").toString()));
        assertThat(OutputLocation.choose(env, dir, LocalDateTime.now())).isEqualTo(dir.resolve("a/b"));
        // A named directory that exists is used as it is.
        assertThat(OutputLocation.choose(env, dir, LocalDateTime.now())).isEqualTo(dir.resolve("a/b"));
    }

    @Test
    void settingsParseSizesAndSecondsWithClearErrors() {
        ToolSettings s = settings(Map.of("qmpi4j.tracer.limit", "64m", "qmpi4j.flush-seconds", "0.5"),
                Map.of("QMPI4J_BAD", "x"));
        assertThat(s.size("tracer.limit", 1)).isEqualTo(64L << 20);
        assertThat(s.size("absent", 7)).isEqualTo(7);
        assertThat(s.seconds("flush-seconds", 10)).isEqualTo(0.5);
        assertThat(settings(Map.of(), Map.of("QMPI4J_TRACER_LIMIT", "2gb")).size("tracer.limit", 1)).isEqualTo(2L << 30);
        assertThat(settings(Map.of(), Map.of("QMPI4J_TRACER_LIMIT", "1000")).size("tracer.limit", 1)).isEqualTo(1000);
        assertThatThrownBy(() -> settings(Map.of(), Map.of("QMPI4J_TRACER_LIMIT", "lots")).size("tracer.limit", 1))
                .hasMessage("qmpi4j.tracer.limit / QMPI4J_TRACER_LIMIT = \"lots\" is not a size (e.g. 64m, 2g, 500000)");
        assertThatThrownBy(() -> settings(Map.of("qmpi4j.flush-seconds", "-1"), Map.of()).seconds("flush-seconds", 1))
                .hasMessageContaining("not a positive number");
    }
}
