package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.BindType;

/** The descriptor lines MPI_T needs: {@code object <kind> <class>} and {@code request-null}. */
class DescriptorMpitLinesTest {
    @Test
    void optionalWhenAbsent() {
        BindingDescriptor d = BindingDescriptorTest.parse(BindingDescriptorTest.GOOD);
        assertThat(d.requestNullMethod()).isNull();
        assertThat(d.objectClass(BindType.MPI_COMM)).isNull();
    }

    @Test
    void parsed() {
        BindingDescriptor d = BindingDescriptorTest.parse(BindingDescriptorTest.withExtraLine(
                "object MPI_COMM demo/Comm\nobject MPI_REQUEST demo/Request\nrequest-null demo/Request isNull ()Z"));
        assertThat(d.objectClass(BindType.MPI_COMM)).isEqualTo("demo/Comm");
        assertThat(d.objectClass(BindType.MPI_REQUEST)).isEqualTo("demo/Request");
        assertThat(d.objectClass(BindType.MPI_WIN)).isNull();
        assertThat(d.requestNullMethod()).containsExactly("demo/Request", "isNull", "()Z");
    }

    @Test
    void mistakesNameTheLine() {
        assertThatThrownBy(() ->
                        BindingDescriptorTest.parse(BindingDescriptorTest.withExtraLine("object MPI_BOX demo/Box")))
                .hasMessageContaining("test.binding:21:")
                .hasMessageContaining("unknown MPI_T bind kind 'MPI_BOX'");
        assertThatThrownBy(() ->
                        BindingDescriptorTest.parse(BindingDescriptorTest.withExtraLine("object NO_OBJECT demo/X")))
                .hasMessageContaining("NO_OBJECT has no class");
        assertThatThrownBy(() -> BindingDescriptorTest.parse(
                        BindingDescriptorTest.withExtraLine("object MPI_COMM demo/Comm\nobject MPI_COMM demo/Comm2")))
                .hasMessageContaining("test.binding:22:")
                .hasMessageContaining("appears twice");
        assertThatThrownBy(() -> BindingDescriptorTest.parse(
                        BindingDescriptorTest.withExtraLine("request-null demo/Request isNull ()I")))
                .hasMessageContaining("request-null names a method '()Z'");
    }
}
