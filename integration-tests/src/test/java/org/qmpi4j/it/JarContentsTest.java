package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.ItJars;

/**
 * What the agent jar carries, by path prefix, as the JVM sees it: the application's class loaders
 * find only the tool API and the entry classes; everything else is under {@code qmpi4j-internal/}
 * with no {@code .class} file, so that only the agent's own loader reads it.
 */
class JarContentsTest {
    /** Entry classes that must stay visible: premain, the jar's main, the call-site bootstrap, their helpers. */
    private static final List<String> VISIBLE_AGENT_CLASSES = List.of(
            "org/qmpi4j/agent/Agent.class",
            "org/qmpi4j/agent/AgentClassLoader.class",
            "org/qmpi4j/agent/AttachPolicy.class",
            "org/qmpi4j/agent/CallSiteBootstrap.class",
            "org/qmpi4j/agent/CallSiteBootstrap$Linker.class",
            "org/qmpi4j/agent/Internals.class",
            "org/qmpi4j/agent/Main.class",
            "org/qmpi4j/agent/package-info.class");

    @Test
    void onlyTheApiAndTheEntryClassesAreVisible() throws IOException {
        try (JarFile jar = new JarFile(ItJars.jar("qmpi4j-agent").toFile())) {
            List<String> names = jar.stream()
                    .map(JarEntry::getName)
                    .filter(n -> !n.endsWith("/"))
                    .collect(Collectors.toList());
            List<String> outsideAllowed = names.stream()
                    .filter(n -> !n.equals("META-INF/MANIFEST.MF"))
                    .filter(n -> !n.startsWith("org/qmpi4j/api/"))
                    .filter(n -> !VISIBLE_AGENT_CLASSES.contains(n))
                    .filter(n -> !n.startsWith("qmpi4j-internal/"))
                    .collect(Collectors.toList());
            assertThat(outsideAllowed)
                    .as("entries outside the allowed prefixes")
                    .isEmpty();
            assertThat(names).as("the visible entry classes").containsAll(VISIBLE_AGENT_CLASSES);
            assertThat(names.stream().filter(n -> n.startsWith("org/qmpi4j/api/")))
                    .as("the API is all classes")
                    .allMatch(n -> n.endsWith(".class"))
                    .contains("org/qmpi4j/api/Qmpi.class", "org/qmpi4j/api/ToolProvider.class");
            assertThat(names.stream().filter(n -> n.startsWith("qmpi4j-internal/") && n.endsWith(".class")))
                    .as("no loadable class under qmpi4j-internal/")
                    .isEmpty();
        }
    }

    @Test
    void theHiddenPartHoldsTheInternalsTheBundledToolsAndRelocatedAsmOnly() throws IOException {
        try (JarFile jar = new JarFile(ItJars.jar("qmpi4j-agent").toFile())) {
            TreeSet<String> hiddenTopPackages = jar.stream()
                    .map(JarEntry::getName)
                    .filter(n -> n.startsWith("qmpi4j-internal/") && n.endsWith(".classdata"))
                    .map(n -> n.substring("qmpi4j-internal/".length()))
                    .map(JarContentsTest::topPackage)
                    .collect(Collectors.toCollection(TreeSet::new));
            assertThat(hiddenTopPackages)
                    .containsExactly(
                            // JNA, for the MPI library's own MPI_T: hidden, not relocated (its native
                            // libjnidispatch names its packages), loaded only by AgentClassLoader.
                            "com/sun/jna",
                            "org/qmpi4j/agent/internal",
                            "org/qmpi4j/agent/shaded/asm",
                            // The compiled form of the binding descriptors and its reader.
                            "org/qmpi4j/descriptorform",
                            "org/qmpi4j/formats",
                            // MPI_T, its own module, shaded in and hidden like the agent's internals.
                            "org/qmpi4j/mpit",
                            "org/qmpi4j/report",
                            "org/qmpi4j/tools");
            assertThat(jar.getEntry("qmpi4j-internal/com/sun/jna/linux-x86-64/libjnidispatch.so"))
                    .as("JNA's native part, hidden with it")
                    .isNotNull();
            assertThat(jar.getEntry("com/sun/jna/Native.class"))
                    .as("no visible JNA")
                    .isNull();
            assertThat(jar.getEntry("qmpi4j-internal/META-INF/services/org.qmpi4j.api.ToolProvider"))
                    .as("the bundled tools' service file, hidden")
                    .isNotNull();
            assertThat(jar.stream().map(JarEntry::getName))
                    .as("no unused ASM parts (commons, tree, util, analysis)")
                    .noneMatch(n ->
                            n.matches("qmpi4j-internal/org/qmpi4j/agent/shaded/asm/(commons|tree|util|analysis)/.*"))
                    .as("nothing unrelocated")
                    .noneMatch(n -> n.contains("org/objectweb/"));

            Attributes manifest = jar.getManifest().getMainAttributes();
            assertThat(manifest.getValue("Premain-Class")).isEqualTo("org.qmpi4j.agent.Agent");
            assertThat(manifest.getValue("Agent-Class")).isEqualTo("org.qmpi4j.agent.Agent");
            assertThat(manifest.getValue("Main-Class")).isEqualTo("org.qmpi4j.agent.Main");
        }
    }

    /**
     * The binding descriptors ship compiled only: their texts, and the parser and checker that
     * compile them (module descriptor-compiler), stay in the build; the compiled form's model and
     * reader (module descriptor-form) ship.
     */
    @Test
    void theDescriptorsShipCompiledWithoutTheirTextsOrTheirCompiler() throws IOException {
        try (JarFile jar = new JarFile(ItJars.jar("qmpi4j-agent").toFile())) {
            List<String> names = jar.stream().map(JarEntry::getName).collect(Collectors.toList());
            String bindings = "qmpi4j-internal/org/qmpi4j/agent/bindings/";
            assertThat(names)
                    .as("the index and the compiled descriptors")
                    .contains(
                            bindings + "bindings.index",
                            bindings + "openmpi.binding.compiled",
                            bindings + "mpj.binding.compiled",
                            "qmpi4j-internal/org/qmpi4j/agent/internal/binding/CompiledDescriptor.classdata")
                    .as("no descriptor text")
                    .noneMatch(n -> n.endsWith(".binding"))
                    .as("no descriptor compiler")
                    .noneMatch(n -> n.contains("org/qmpi4j/descriptor/"))
                    .as("no parser or checker")
                    .noneMatch(n -> n.contains("DescriptorParser")
                            || n.contains("DescriptorChecker")
                            || n.contains("DescriptorLines")
                            || n.contains("MethodSignature"));
        }
    }

    /** {@code org/qmpi4j/agent/internal/chain/X.classdata} -> {@code org/qmpi4j/agent/internal}. */
    private static String topPackage(String path) {
        for (String p : List.of(
                "com/sun/jna",
                "org/qmpi4j/agent/internal",
                "org/qmpi4j/agent/shaded/asm",
                "org/qmpi4j/descriptorform",
                "org/qmpi4j/formats",
                "org/qmpi4j/mpit",
                "org/qmpi4j/report",
                "org/qmpi4j/tools")) {
            if (path.startsWith(p + "/")) {
                return p;
            }
        }
        return path.substring(0, path.lastIndexOf('/'));
    }
}
