package org.qmpi4j.agent.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.settings.Setting;

class AgentConfigTest {
    private static final Setting<Long> TOOL_LIMIT = Setting.byteSize("mytool.limit", 1024, "a tool's own");

    @Test
    void readsTheAgentsSettingsInOneOrder() {
        AgentConfig c = new AgentConfig(
                "tools=a,b;verbose",
                Map.of("qmpi4j.tools", "p", "qmpi4j.toolpath", "/t.jar"),
                Map.of("QMPI4J_OUTPUT", "out"));
        assertThat(c.tools()).containsExactly("a", "b");
        assertThat(c.toolsSource()).isEqualTo("agent argument tools = \"a,b\"");
        assertThat(c.toolPath()).containsExactly(Path.of("/t.jar"));
        assertThat(c.verbose()).isTrue();
        assertThat(c.outputDirectory()).isEqualTo("out");
    }

    @Test
    void blankIsAbsentForTheAgentToo() {
        AgentConfig c = new AgentConfig("tools=", Map.of("qmpi4j.tools", " "), Map.of("QMPI4J_TOOLS", "counter"));
        assertThat(c.tools()).containsExactly("counter");
        assertThat(new AgentConfig(null, Map.of(), Map.of()).toolsSource()).isEqualTo("no tool list given");
        assertThat(new AgentConfig(null, Map.of("qmpi4j.verbose", ""), Map.of()).verbose())
                .isFalse();
    }

    @Test
    void aToolsOwnKeyIsNeverUnknown() {
        AgentConfig c = new AgentConfig("tools=mytool;mytool.limit=2g;debug", Map.of(), Map.of());
        assertThat(c.unknownKeys(List.of(TOOL_LIMIT)))
                .isEqualTo(
                        "unknown agent argument 'debug' (known: jit-inline, mytool.limit, output, toolpath, tools, verbose); ignored");
        assertThat(new AgentConfig("tools=mytool;mytool.limit=2g", Map.of(), Map.of()).unknownKeys(List.of(TOOL_LIMIT)))
                .isNull();
    }
}
