package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.descriptor.DescriptorCompiler;
import org.qmpi4j.descriptorform.RoleKeyword;

/**
 * The agent reads what the build's descriptor compiler wrote: the compiled form of each shipped
 * descriptor is among the agent's resources and its text is not. The words and numbers of the
 * form are the descriptor-form module's, shared by both sides.
 */
class CompiledDescriptorTest {
    /** The descriptor texts: a build-only source folder, not resources. */
    private static final Path TEXTS = Path.of("src/main/bindings");

    @Test
    void eachShippedDescriptorIsCompiledByTheBuildAndOnlyCompiled() throws IOException {
        List<String> names = shippedNames();
        assertThat(names).containsExactly("openmpi.binding", "mpj.binding");
        String dir = BindingCatalog.INDEX.substring(0, BindingCatalog.INDEX.lastIndexOf('/') + 1);
        for (String name : names) {
            String resource = dir + name;
            byte[] built;
            try (InputStream in = getClass().getResourceAsStream("/" + resource + CompiledDescriptor.SUFFIX)) {
                assertThat(in)
                        .as("%s%s made by the build", resource, CompiledDescriptor.SUFFIX)
                        .isNotNull();
                built = in.readAllBytes();
            }
            String text = Files.readString(TEXTS.resolve(name), StandardCharsets.UTF_8);
            assertThat(built).as("the build's compiled form").isEqualTo(DescriptorCompiler.compile(resource, text));
            assertThat(getClass().getResource("/" + resource))
                    .as("the text of " + name)
                    .isNull();
        }
        assertThat(BindingCatalog.load().all())
                .extracting(BindingDescriptor::id)
                .containsExactly("openmpi", "mpj");
    }

    /** The form holds a line's roles by the order of RoleKeyword, which Role must follow. */
    @Test
    void theAgentsRolesFollowTheFormsOrder() {
        assertThat(Role.values()).hasSameSizeAs(RoleKeyword.values());
        for (Role r : Role.values()) {
            assertThat(RoleKeyword.values()[r.ordinal()].keyword()).isEqualTo(r.keyword());
        }
    }

    /** A catalog of compiled descriptors in any folder: the texts need not be there. */
    @Test
    void aCatalogReadsCompiledDescriptors(@TempDir Path dir) throws IOException {
        String text = Files.readString(TEXTS.resolve("openmpi.binding"), StandardCharsets.UTF_8);
        Path bindings = Files.createDirectories(dir.resolve("demo"));
        Files.writeString(bindings.resolve("index"), "openmpi.binding\n");
        Files.write(
                bindings.resolve("openmpi.binding" + CompiledDescriptor.SUFFIX),
                DescriptorCompiler.compile("demo/openmpi.binding", text));
        try (URLClassLoader resources = DescriptorTexts.resources(dir)) {
            BindingCatalog catalog = BindingCatalog.load(resources, "demo/index");
            assertThat(Objects.requireNonNull(catalog.descriptor("openmpi")).resource())
                    .isEqualTo("demo/openmpi.binding");
            assertThat(catalog.mapping(0).bindingDescriptor().id()).isEqualTo("openmpi");
            assertThat(catalog.mappingCount())
                    .isEqualTo(DescriptorTexts.read("x", text, 0).mappingCount());
        }
    }

    private static List<String> shippedNames() throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(TEXTS.resolve(DescriptorCompiler.INDEX), StandardCharsets.UTF_8)) {
            String t = line.trim();
            if (!t.isEmpty() && !t.startsWith("#")) {
                out.add(t);
            }
        }
        return out;
    }
}
