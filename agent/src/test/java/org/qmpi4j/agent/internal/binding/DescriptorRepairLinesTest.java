package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@code repair <class> <method> <descriptor> <kind>}: methods of the binding's runtime to repair as they load. */
class DescriptorRepairLinesTest {
    private static final String LINE = "repair demo/Sem acquire ()V wait-loop";

    @Test
    void noneWhenAbsent() {
        assertThat(BindingDescriptorTest.parse(BindingDescriptorTest.GOOD).repairs())
                .isEmpty();
    }

    @Test
    void parsedAndKeptWhenCompiled() throws Exception {
        BindingDescriptor d = BindingDescriptorTest.parse(BindingDescriptorTest.withExtraLine(LINE));
        assertThat(d.repairs()).hasSize(1);
        assertThat(d.repairs().get(0)).containsExactly("demo/Sem", "acquire", "()V", "wait-loop");
    }

    @Test
    void mistakesNameTheLine() {
        assertThatThrownBy(() -> BindingDescriptorTest.parse(
                        BindingDescriptorTest.withExtraLine("repair demo/Sem acquire ()V make-it-fast")))
                .hasMessageContaining("test.binding:21:")
                .hasMessageContaining("unknown repair 'make-it-fast'");
        assertThatThrownBy(() -> BindingDescriptorTest.parse(
                        BindingDescriptorTest.withExtraLine("repair other/Sem acquire ()V wait-loop")))
                .hasMessageContaining("test.binding:21:");
        assertThatThrownBy(() -> BindingDescriptorTest.parse(BindingDescriptorTest.withExtraLine(LINE + "\n" + LINE)))
                .hasMessageContaining("test.binding:22:")
                .hasMessageContaining("appears twice");
    }
}
