package org.qmpi4j.agent.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hand-written tool-name check accepts exactly what its documented pattern accepts. */
class ToolRegistryNamesTest {
    private static final Pattern DOCUMENTED = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    @Test
    void agreesWithTheDocumentedPatternOnEveryShortAsciiName() {
        String alphabet = "aZ09._-/ +:@\u00e9";
        int checked = 0;
        for (int len = 0; len <= 3; len++) {
            int combos = (int) Math.pow(alphabet.length(), len);
            for (int n = 0; n < combos; n++) {
                StringBuilder name = new StringBuilder();
                for (int i = 0, k = n; i < len; i++, k /= alphabet.length()) {
                    name.append(alphabet.charAt(k % alphabet.length()));
                }
                String s = name.toString();
                assertThat(ToolRegistry.isToolName(s))
                        .as("'%s'", s)
                        .isEqualTo(DOCUMENTED.matcher(s).matches());
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(2000);
        assertThat(ToolRegistry.isToolName("profiler")).isTrue();
        assertThat(ToolRegistry.isToolName("my-tool_2.0")).isTrue();
        assertThat(ToolRegistry.isToolName("-x")).isFalse();
    }
}
