package org.qmpi4j.formats.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void writesWhatItParses() throws Exception {
        StringBuilder sb = new StringBuilder();
        JsonWriter w = new JsonWriter(sb, true);
        w.beginObject()
                .member("s", "a\"b\\c\n\t\u0001<")
                .member("n", -42)
                .member("d", 0.5)
                .member("big", Long.MAX_VALUE)
                .member("t", true)
                .name("nul")
                .nullValue()
                .member("nan", Double.NaN);
        w.name("row").beginInlineArray().value(1).value(2).endArray();
        w.name("list")
                .beginArray()
                .beginInlineObject()
                .member("k", 1)
                .endObject()
                .beginObject()
                .endObject()
                .endArray();
        w.name("empty").beginArray().endArray();
        w.endObject().finish();

        Object parsed = JsonParser.parse(sb);
        assertThat(parsed).isInstanceOf(Map.class);
        Map<?, ?> m = (Map<?, ?>) Objects.requireNonNull(parsed);
        assertThat(m.get("s")).isEqualTo("a\"b\\c\n\t\u0001<");
        assertThat(m.get("n")).isEqualTo(-42L);
        assertThat(m.get("d")).isEqualTo(0.5);
        assertThat(m.get("big")).isEqualTo(Long.MAX_VALUE);
        assertThat(m.get("t")).isEqualTo(true);
        assertThat(m.containsKey("nul")).isTrue();
        assertThat(m.get("nul")).isNull();
        assertThat(m.get("nan")).isNull();
        assertThat(m.get("row")).isEqualTo(List.of(1L, 2L));
        assertThat(m.get("empty")).isEqualTo(List.of());
        assertThat(sb.toString())
                .contains("\"row\": [1, 2]")
                .contains("{\"k\": 1}")
                .doesNotContain("<");
    }

    @Test
    void parsesNumbersAndEscapes() throws Exception {
        assertThat(JsonParser.parse(" [0, -0.25, 1e3, 2E-2, 12345678901234567890, \"\\u00e9\\/\"] "))
                .isEqualTo(List.of(0L, -0.25, 1000.0, 0.02, 1.2345678901234567e19, "\u00e9/"));
    }

    @Test
    void rejectsBrokenDocumentsWithLineAndColumn() {
        assertThatThrownBy(() -> JsonParser.parse("{\n  \"a\": 1,\n  \"b\": }"))
                .isInstanceOf(JsonFormatException.class)
                .hasMessageStartingWith("line 3, column 8");
        assertThatThrownBy(() -> JsonParser.parse("")).hasMessageContaining("empty document");
        assertThatThrownBy(() -> JsonParser.parse("[1, 2")).hasMessageContaining("expected ',' or ']'");
        assertThatThrownBy(() -> JsonParser.parse("{\"a\":1} x")).hasMessageContaining("after the end");
        assertThatThrownBy(() -> JsonParser.parse("{\"a\":1,\"a\":2}")).hasMessageContaining("appears twice");
        assertThatThrownBy(() -> JsonParser.parse("[01]")).isInstanceOf(JsonFormatException.class);
        assertThatThrownBy(() -> JsonParser.parse("\"abc")).hasMessageContaining("unterminated string");
        assertThatThrownBy(() -> JsonParser.parse("tru")).isInstanceOf(JsonFormatException.class);
        assertThatThrownBy(() -> JsonParser.parse("[".repeat(1000))).hasMessageContaining("nested deeper");
    }

    @Test
    void nodesNameThePathOfAMismatch() throws Exception {
        JsonNode root = JsonNode.parse("{\"functions\": [{\"calls\": 1}, {\"calls\": \"x\"}]}");
        assertThat(root.get("functions").elements().get(0).get("calls").asLong())
                .isEqualTo(1);
        assertThatThrownBy(() ->
                        root.get("functions").elements().get(1).get("calls").asLong())
                .hasMessage("functions[1].calls: expected an integer, found \"x\"");
        assertThatThrownBy(() -> root.get("ranks")).hasMessage("(document): member \"ranks\" missing");
        assertThat(root.optional("ranks").isNull()).isTrue();
    }
}
