package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Member;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * The {@code status} lines of the shipped descriptors name, for source, tag and index, a public
 * int member of each binding's real status class (both bindings call it {@code mpi.Status}: the
 * agent asks the descriptor of the binding the status class's loader sees).
 */
class StatusLinesTest {
    @Test
    void openMpisStatusHasGetters() throws Exception {
        assertStatusMembers(OpenMpiJar.url(), "openmpi", "getSource", "getTag", "getIndex");
    }

    @Test
    void mpjsStatusHasInheritedFields() throws Exception {
        assertStatusMembers(MpjJar.url(), "mpj", "source", "tag", "index");
    }

    @Test
    void aStatusLineIsCompiledAndReadBack() {
        BindingDescriptor d =
                BindingDescriptorTest.parse(BindingDescriptorTest.withExtraLine("status tag demo/Status getTag ()I"));
        assertThat(d.statusMember("demo/Status", "tag")).containsExactly("getTag", "()I");
        assertThat(d.statusMember("demo/Status", "source")).isNull();
        assertThat(d.statusMember("demo/Other", "tag")).isNull();
    }

    private static void assertStatusMembers(URL jar, String id, String... names) throws Exception {
        BindingCatalog catalog = BindingCatalog.load();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar}, null)) {
            BindingDescriptor d = Objects.requireNonNull(catalog.forLoader(loader));
            assertThat(d.id()).isEqualTo(id);
            Class<?> status = Class.forName("mpi.Status", false, loader);
            String[] fields = {"source", "tag", "index"};
            for (int i = 0; i < fields.length; i++) {
                String[] m = Objects.requireNonNull(d.statusMember("mpi/Status", fields[i]));
                assertThat(m).as(fields[i]).isNotNull();
                assertThat(m[0]).isEqualTo(names[i]);
                Member member = m[1].startsWith("(") ? status.getMethod(m[0]) : status.getField(m[0]);
                assertThat(Modifier.isPublic(member.getModifiers())).isTrue();
                Class<?> type = member instanceof java.lang.reflect.Method
                        ? ((java.lang.reflect.Method) member).getReturnType()
                        : ((java.lang.reflect.Field) member).getType();
                assertThat(type).isEqualTo(int.class);
            }
        }
    }
}
