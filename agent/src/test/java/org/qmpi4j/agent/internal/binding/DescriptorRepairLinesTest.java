package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;

/** {@code repair <class> <method> <descriptor> <kind>}: methods of the binding's runtime to repair as they load. */
class DescriptorRepairLinesTest {
    private static final String LINE = "repair demo/Sem acquire ()V wait-loop";

    @Test
    void noneWhenAbsent() {
        assertThat(DescriptorParserTest.parse(DescriptorParserTest.GOOD).repairs())
                .isEmpty();
    }

    @Test
    void parsedAndKeptWhenCompiled() throws Exception {
        BindingDescriptor d = DescriptorParserTest.parse(DescriptorParserTest.withExtraLine(LINE));
        assertThat(d.repairs()).hasSize(1);
        assertThat(d.repairs().get(0)).containsExactly("demo/Sem", "acquire", "()V", "wait-loop");

        byte[] compiled = CompiledDescriptor.compile("test.binding", DescriptorParserTest.withExtraLine(LINE));
        BindingDescriptor read = CompiledDescriptor.read(new ByteArrayInputStream(compiled), 0);
        assertThat(read.repairs().get(0)).containsExactly("demo/Sem", "acquire", "()V", "wait-loop");
    }

    @Test
    void mistakesNameTheLine() {
        assertThatThrownBy(() -> DescriptorParserTest.parse(
                        DescriptorParserTest.withExtraLine("repair demo/Sem acquire ()V make-it-fast")))
                .hasMessageContaining("test.binding:19:")
                .hasMessageContaining("unknown repair 'make-it-fast'");
        assertThatThrownBy(() -> DescriptorParserTest.parse(
                        DescriptorParserTest.withExtraLine("repair other/Sem acquire ()V wait-loop")))
                .hasMessageContaining("test.binding:19:");
        assertThatThrownBy(() -> DescriptorParserTest.parse(DescriptorParserTest.withExtraLine(LINE + "\n" + LINE)))
                .hasMessageContaining("test.binding:20:")
                .hasMessageContaining("appears twice");
    }
}
