package org.qmpi4j.api.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.Nullable;

class SettingsTest {
    private static final Setting<Long> LIMIT = Setting.byteSize("tracer.limit", 256L << 20, "limit");
    private static final Setting<Boolean> VERBOSE = Setting.flag("verbose", "more lines");
    private static final Setting<Double> FLUSH = Setting.seconds("flush-seconds", 10, "flush");
    private static final Setting<Integer> RANKS = Setting.integer("demo.ranks", 4, 1, 64, "ranks");
    private static final Setting<List<String>> TOOLS = Setting.list("tools", "tools");
    private static final Setting<List<Path>> PATH = Setting.pathList("toolpath", "jars");
    private static final Setting<String> OUTPUT = Setting.string("output", "a new folder", "where");

    private final List<String> problems = new ArrayList<>();

    private Settings settings(@Nullable String agentArgument, Map<String, String> props, Map<String, String> env) {
        return Settings.of(agentArgument, props::get, env::get, problems::add);
    }

    @Test
    void namesFollowOneRule() {
        assertThat(LIMIT.systemProperty()).isEqualTo("qmpi4j.tracer.limit");
        assertThat(LIMIT.environmentVariable()).isEqualTo("QMPI4J_TRACER_LIMIT");
        assertThat(FLUSH.environmentVariable()).isEqualTo("QMPI4J_FLUSH_SECONDS");
        assertThatThrownBy(() -> Setting.flag("Bad Key", "x")).isInstanceOf(IllegalArgumentException.class);
        for (String bad : new String[] {"", ".a", "a.", "a..b", "a-.b", "A", "a_b", "-"}) {
            assertThatThrownBy(() -> Setting.flag(bad, "x")).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        for (String good : new String[] {"a", "fault-inject.call", "tracer.limit", "x1.y-2.z3"}) {
            assertThat(Setting.flag(good, "x").key()).isEqualTo(good);
        }
    }

    @Test
    void agentArgumentThenPropertyThenEnvironmentThenDefault() {
        Map<String, String> props = Map.of("qmpi4j.output", "prop", "qmpi4j.tools", "p");
        Map<String, String> env = Map.of("QMPI4J_OUTPUT", "env", "QMPI4J_TOOLS", "e", "QMPI4J_TOOLPATH", "/x");
        Settings s = settings("tools=a,b", props, env);
        assertThat(s.get(TOOLS)).containsExactly("a", "b");
        assertThat(s.describe(TOOLS)).isEqualTo("agent argument tools = \"a,b\"");
        assertThat(s.get(OUTPUT)).isEqualTo("prop");
        assertThat(s.describe(OUTPUT)).isEqualTo("system property qmpi4j.output = \"prop\"");
        assertThat(s.get(PATH)).containsExactly(Path.of("/x"));
        assertThat(s.describe(PATH)).isEqualTo("environment QMPI4J_TOOLPATH = \"/x\"");
        assertThat(s.get(LIMIT)).isEqualTo(256L << 20);
        assertThat(s.describe(LIMIT)).isEqualTo("default");
        assertThat(problems).isEmpty();
    }

    @Test
    void blankCountsAsAbsentInEverySource() {
        Settings s = settings("output=  ;verbose=", Map.of("qmpi4j.output", " "), Map.of("QMPI4J_OUTPUT", "env"));
        assertThat(s.get(OUTPUT)).isEqualTo("env");
        assertThat(s.get(VERBOSE)).isFalse();
        assertThat(settings(null, Map.of(), Map.of("QMPI4J_OUTPUT", "")).get(OUTPUT))
                .isNull();
    }

    @Test
    void aBareAgentArgumentKeyIsTrue() {
        assertThat(settings("tools=x;verbose", Map.of(), Map.of()).get(VERBOSE)).isTrue();
        assertThat(settings("VERBOSE=on", Map.of(), Map.of()).get(VERBOSE)).isTrue();
        assertThat(settings(null, Map.of("qmpi4j.verbose", "0"), Map.of()).get(VERBOSE))
                .isFalse();
    }

    @Test
    void eachTypeParses() {
        Settings s = settings(
                "tracer.limit=2gb;flush-seconds=0.5;demo.ranks=8;tools=a:b,,c",
                Map.of("qmpi4j.toolpath", "/a" + File.pathSeparator + " " + File.pathSeparator + "/b"),
                Map.of());
        assertThat(s.get(LIMIT)).isEqualTo(2L << 30);
        assertThat(s.get(FLUSH)).isEqualTo(0.5);
        assertThat(s.get(RANKS)).isEqualTo(8);
        assertThat(s.get(TOOLS)).containsExactly("a", "b", "c");
        assertThat(s.get(PATH)).containsExactly(Path.of("/a"), Path.of("/b"));
        assertThat(LIMIT.parse("64m")).isEqualTo(64L << 20);
        assertThat(LIMIT.parse("512k")).isEqualTo(512L << 10);
        assertThat(LIMIT.parse("1000")).isEqualTo(1000);
        assertThat(LIMIT.defaultText()).isEqualTo("256m");
        assertThat(FLUSH.defaultText()).isEqualTo("10");
        assertThat(problems).isEmpty();
    }

    @Test
    void aBadValueIsOneLineAndTheDefaultIsUsed() {
        Settings s = settings(
                "demo.ranks=99;verbose=maybe",
                Map.of("qmpi4j.flush-seconds", "-1"),
                Map.of("QMPI4J_TRACER_LIMIT", "lots"));
        assertThat(s.get(LIMIT)).isEqualTo(256L << 20);
        assertThat(s.get(FLUSH)).isEqualTo(10.0);
        assertThat(s.get(RANKS)).isEqualTo(4);
        assertThat(s.get(VERBOSE)).isFalse();
        assertThat(problems)
                .containsExactly(
                        "setting tracer.limit: environment QMPI4J_TRACER_LIMIT = \"lots\" is not accepted (expected a size such as"
                                + " 64m, 2g, 512k or 500000 (bytes)); using the default, 256m",
                        "setting flush-seconds: system property qmpi4j.flush-seconds = \"-1\" is not accepted (expected a positive"
                                + " number of seconds); using the default, 10",
                        "setting demo.ranks: agent argument demo.ranks = \"99\" is not accepted (expected a whole number from 1"
                                + " to 64); using the default, 4",
                        "setting verbose: agent argument verbose = \"maybe\" is not accepted (expected true or false (also 1/0,"
                                + " yes/no, on/off)); using the default, false");
    }

    @Test
    void unknownAgentArgumentsAreListedWithTheKnownOnes() {
        Settings s = settings("tools=a;debug;tracer.limit=1m;colour=red", Map.of(), Map.of());
        List<Setting<?>> declared = List.of(TOOLS, VERBOSE, LIMIT);
        assertThat(s.unknownAgentArguments(declared)).containsExactly("debug", "colour");
        assertThat(Settings.unknownAgentArgumentsLine(List.of("debug", "colour"), declared))
                .isEqualTo("unknown agent arguments 'debug', 'colour' (known: tools, tracer.limit, verbose); ignored");
        assertThat(Settings.unknownAgentArgumentsLine(List.of("debug"), declared))
                .isEqualTo("unknown agent argument 'debug' (known: tools, tracer.limit, verbose); ignored");
    }

    @Test
    void aTestOnlySettingIsAcceptedButNotOffered() {
        Setting<String> skew =
                Setting.string("demo.test-skew", "none", "for tests").forTestsOnly();
        assertThat(skew.testOnly()).isTrue();
        assertThat(LIMIT.testOnly()).isFalse();
        Settings s = settings("demo.test-skew=1;debug", Map.of(), Map.of());
        List<Setting<?>> declared = List.of(TOOLS, skew);
        assertThat(s.get(skew)).isEqualTo("1");
        assertThat(s.unknownAgentArguments(declared)).containsExactly("debug");
        assertThat(Settings.unknownAgentArgumentsLine(List.of("debug"), declared))
                .isEqualTo("unknown agent argument 'debug' (known: tools); ignored");
    }
}
