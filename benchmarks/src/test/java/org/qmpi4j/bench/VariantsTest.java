package org.qmpi4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class VariantsTest {
    @Test
    void theBaselineComesFirstEvenIfNotListed() {
        assertThat(Variants.parse("pass4,agent")).containsExactly(Variants.NONE, Variants.PASS4, Variants.AGENT);
        assertThat(Variants.parse("agent,none")).containsExactly(Variants.NONE, Variants.AGENT);
    }

    @Test
    void anyToolListIsAVariant() {
        Variant v = Variants.parse("tools=pass+profiler").get(1);
        assertThat(v.tools()).containsExactly("pass", "profiler");
        assertThat(v.otherTools()).containsExactly("profiler");
        assertThat(Variants.parse("tools=").get(1).tools()).isEmpty();
    }

    @Test
    void unknownIdsAreRejectedWithTheKnownOnes() {
        assertThatThrownBy(() -> Variants.parse("pass3"))
                .hasMessageContaining("unknown variant 'pass3'")
                .hasMessageContaining("pass4");
    }

    @Test
    void theAgentOptionNamesToolsAndTheToolPathOnlyWhenOurToolsAreListed() {
        Path agent = Path.of("/x/agent.jar");
        Path tools = Path.of("/x/tools.jar");
        assertThat(Variants.NONE.javaagentOption(agent, tools)).isNull();
        assertThat(Variants.AGENT.javaagentOption(agent, tools)).isEqualTo("-javaagent:/x/agent.jar");
        assertThat(Variants.PASS2.javaagentOption(agent, tools))
                .isEqualTo("-javaagent:/x/agent.jar=tools=pass,pass;toolpath=/x/tools.jar");
        assertThat(Variants.PASS2.javaagentOption(agent, null)).isEqualTo("-javaagent:/x/agent.jar=tools=pass,pass");
        assertThat(Variants.PROFILER.javaagentOption(agent, tools)).isEqualTo("-javaagent:/x/agent.jar=tools=profiler");
    }

    @Test
    void medianAndQuantilesInterpolate() {
        assertThat(Stats.median(new double[] {3, 1, 2})).isEqualTo(2);
        assertThat(Stats.median(List.of(4.0, 1.0, 2.0, 3.0))).isEqualTo(2.5);
        assertThat(Stats.quantile(new double[] {0, 10}, 0.25)).isEqualTo(2.5);
        assertThat(Stats.median(new double[0])).isNaN();
    }
}
