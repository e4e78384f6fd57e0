package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.mpit.BindType;

/**
 * The descriptors compiled by the build say exactly what their texts say, and the agent's catalog
 * reads the compiled form, not the text.
 */
class CompiledDescriptorTest {
    @Test
    void eachShippedDescriptorHasACompiledFormThatSaysWhatItsTextSays() throws IOException {
        List<String> resources = shippedResources();
        assertThat(resources).hasSize(2);
        int firstId = 0;
        for (String resource : resources) {
            String text = resource(resource);
            BindingDescriptor parsed = DescriptorParser.parse(resource, text, firstId);
            byte[] built;
            try (InputStream in = getClass().getResourceAsStream("/" + resource + CompiledDescriptor.SUFFIX)) {
                assertThat(in)
                        .as("%s%s made by the build", resource, CompiledDescriptor.SUFFIX)
                        .isNotNull();
                built = in.readAllBytes();
            }
            assertThat(built).as("the build's compiled form").isEqualTo(CompiledDescriptor.compile(resource, text));
            BindingDescriptor compiled = CompiledDescriptor.read(new ByteArrayInputStream(built), firstId);
            assertSameDescriptor(compiled, parsed);
            firstId += parsed.mappingCount();
        }
    }

    @Test
    void aMalformedDescriptorFailsToCompile() throws IOException {
        String text = resource("org/qmpi4j/agent/bindings/openmpi.binding") + "\nmap mpi/Comm nothing ()V MPI_NOPE\n";
        assertThatThrownBy(() -> CompiledDescriptor.compile("broken.binding", text))
                .isInstanceOf(BindingFormatException.class)
                .hasMessageContaining("MPI_NOPE");
    }

    /** A compiled form beside the text wins: the catalog then never parses the text. */
    @Test
    void theAgentsCatalogReadsTheCompiledFormWhenThereIsOne(@TempDir Path dir) throws IOException {
        String text = resource("org/qmpi4j/agent/bindings/openmpi.binding");
        Path bindings = Files.createDirectories(dir.resolve("demo"));
        Files.writeString(bindings.resolve("index"), "openmpi.binding\n");
        // the text is not a descriptor at all: only the compiled form can be read
        Files.writeString(bindings.resolve("openmpi.binding"), "this is no descriptor\n");
        Files.write(
                bindings.resolve("openmpi.binding" + CompiledDescriptor.SUFFIX),
                CompiledDescriptor.compile("demo/openmpi.binding", text));
        try (URLClassLoader resources =
                new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            BindingCatalog catalog = BindingCatalog.lazy(resources, "demo/index");
            assertThat(catalog.descriptor("openmpi")).isNotNull();
            assertThat(catalog.mapping(0).bindingDescriptor().id()).isEqualTo("openmpi");
            assertThat(catalog.mappingCount())
                    .isEqualTo(DescriptorParser.parse("x", text, 0).mappingCount());
        }
    }

    private static void assertSameDescriptor(BindingDescriptor c, BindingDescriptor p) {
        assertThat(c.id()).isEqualTo(p.id());
        assertThat(c.title()).isEqualTo(p.title());
        assertThat(c.resource()).isEqualTo(p.resource());
        assertThat(c.packages()).isEqualTo(p.packages());
        assertThat(c.fingerprints()).usingRecursiveComparison().isEqualTo(p.fingerprints());
        assertThat(c.versionMarks()).usingRecursiveComparison().isEqualTo(p.versionMarks());
        assertThat(c.constantsClass()).isEqualTo(p.constantsClass());
        assertThat(c.datatypeSizeMethod()).isEqualTo(p.datatypeSizeMethod());
        assertThat(c.datatypeSizeUnit()).isEqualTo(p.datatypeSizeUnit());
        assertThat(c.requestNullMethod()).isEqualTo(p.requestNullMethod());
        assertThat(c.exceptionConstructor()).isEqualTo(p.exceptionConstructor());
        assertThat(c.nativeLibrary()).isEqualTo(p.nativeLibrary());
        assertThat(c.nativeHandleField()).isEqualTo(p.nativeHandleField());
        for (BindType kind : BindType.values()) {
            assertThat(c.objectClass(kind)).as(kind.name()).isEqualTo(p.objectClass(kind));
        }
        assertThat(c.exclusions()).usingRecursiveComparison().isEqualTo(p.exclusions());
        assertThat(c.mappings()).hasSameSizeAs(p.mappings()).isNotEmpty();
        for (int i = 0; i < p.mappings().size(); i++) {
            MethodMapping cm = c.mappings().get(i);
            MethodMapping pm = p.mappings().get(i);
            assertThat(cm.toString()).isEqualTo(pm.toString());
            assertThat(cm.id()).isEqualTo(pm.id());
            assertThat(cm.isStatic()).isEqualTo(pm.isStatic());
            assertThat(cm.canonical()).isEqualTo(pm.canonical());
            assertThat(cm.parameterCount()).isEqualTo(pm.parameterCount());
            assertThat(cm.version).isEqualTo(pm.version);
            for (Role r : Role.values()) {
                assertThat(cm.role(r)).as("%s %s", cm, r.keyword()).isEqualTo(pm.role(r));
            }
            assertThat(c.find(cm.owner(), cm.name(), cm.descriptor())).isSameAs(cm);
        }
        for (MpiFunction f : MpiFunction.values()) {
            MethodMapping cc = c.canonical(f);
            MethodMapping pc = p.canonical(f);
            assertThat(cc == null ? null : cc.toString()).as(f.name()).isEqualTo(pc == null ? null : pc.toString());
        }
    }

    private static List<String> shippedResources() throws IOException {
        String dir = BindingCatalog.INDEX.substring(0, BindingCatalog.INDEX.lastIndexOf('/') + 1);
        List<String> out = new ArrayList<>();
        for (String line : resource(BindingCatalog.INDEX).split("\n")) {
            String t = line.trim();
            if (!t.isEmpty() && !t.startsWith("#")) {
                out.add(dir + t);
            }
        }
        return out;
    }

    private static String resource(String path) throws IOException {
        try (InputStream in = CompiledDescriptorTest.class.getResourceAsStream("/" + path)) {
            assertThat(in).as(path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
