package org.qmpi4j.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's own class loader on a small sealed jar made here: it defines hidden classes and
 * serves hidden resources, shares the API with the loader of the visible part, and finds nothing
 * of the application's class path. The real agent jar is tested by integration-tests'
 * JarContentsTest and SealedAgentTest.
 */
class AgentClassLoaderTest {
    private static final String HIDDEN_CLASS = "org.qmpi4j.agent.internal.fixture.Hidden";

    @TempDir
    Path dir;

    @Test
    void aJarWithoutTheHiddenStartClassIsNotSealed() throws Exception {
        Path jar = jar(false);
        assertThat(AgentClassLoader.forJar(jar.toUri().toURL(), getClass().getClassLoader()))
                .isNull();
        assertThat(AgentClassLoader.forJar(dir.toUri().toURL(), getClass().getClassLoader()))
                .as("a directory of classes")
                .isNull();
    }

    @Test
    void hiddenClassesAndResourcesLoadOnlyThroughTheAgentsLoader() throws Exception {
        Path jar = jar(true);
        ClassLoader visible = getClass().getClassLoader();
        AgentClassLoader loader =
                Objects.requireNonNull(AgentClassLoader.forJar(jar.toUri().toURL(), visible));
        assertThat(loader).isNotNull();

        Class<?> hidden = loader.loadClass(HIDDEN_CLASS);
        assertThat(hidden.getClassLoader()).isSameAs(loader);
        assertThat(hidden.getPackage().getName()).isEqualTo("org.qmpi4j.agent.internal.fixture");
        assertThat(hidden.getProtectionDomain().getCodeSource().getLocation())
                .isEqualTo(jar.toUri().toURL());

        URL resource = loader.getResource("org/qmpi4j/agent/bindings/x.binding");
        assertThat(resource).isNotNull();
        try (InputStream in = resource.openStream()) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("map x");
        }
        assertThat(loader.getResources("org/qmpi4j/agent/bindings/x.binding").hasMoreElements())
                .isTrue();

        try (java.net.URLClassLoader application =
                new java.net.URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            assertThatThrownBy(() -> application.loadClass(HIDDEN_CLASS))
                    .as("the system class path sees the jar, but no class in its hidden part")
                    .isInstanceOf(ClassNotFoundException.class);
            assertThat(application.getResource("org/qmpi4j/agent/bindings/x.binding"))
                    .isNull();
        }
    }

    @Test
    void theApiAndTheEntryClassesComeFromTheVisibleLoaderAndTheApplicationsClassesNotAtAll() throws Exception {
        AgentClassLoader loader = Objects.requireNonNull(
                AgentClassLoader.forJar(jar(true).toUri().toURL(), getClass().getClassLoader()));
        assertThat(loader.loadClass("org.qmpi4j.api.Qmpi")).isSameAs(org.qmpi4j.api.Qmpi.class);
        assertThat(loader.loadClass(CallSiteBootstrap.class.getName())).isSameAs(CallSiteBootstrap.class);
        assertThat(loader.loadClass("java.util.List")).isSameAs(java.util.List.class);
        assertThatThrownBy(() -> loader.loadClass("org.assertj.core.api.Assertions"))
                .as("a library on the application's class path")
                .isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> loader.loadClass("org.qmpi4j.agent.internal.Absent"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void onlyTheApiAndTheDirectEntryPackageAreShared() {
        assertThat(AgentClassLoader.sharedWithApplication("org.qmpi4j.api.mpit.MpiT"))
                .isTrue();
        assertThat(AgentClassLoader.sharedWithApplication("org.qmpi4j.agent.CallSiteBootstrap"))
                .isTrue();
        assertThat(AgentClassLoader.sharedWithApplication("org.qmpi4j.agent.internal.AgentStart"))
                .isFalse();
        assertThat(AgentClassLoader.sharedWithApplication("org.qmpi4j.tools.profiler.ProfilerTool"))
                .isFalse();
        assertThat(AgentClassLoader.sharedWithApplication("org.objectweb.asm.ClassReader"))
                .isFalse();
    }

    /** A jar in the sealed layout: a hidden class (this test's fixture, renamed) and a hidden resource. */
    private Path jar(boolean withStartClass) throws IOException {
        Path jar = dir.resolve(withStartClass ? "sealed.jar" : "plain.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            put(
                    out,
                    AgentClassLoader.PREFIX + HIDDEN_CLASS.replace('.', '/') + AgentClassLoader.CLASS_SUFFIX,
                    HiddenClassBytes.of(HIDDEN_CLASS));
            put(
                    out,
                    AgentClassLoader.PREFIX + "org/qmpi4j/agent/bindings/x.binding",
                    "map x".getBytes(StandardCharsets.UTF_8));
            if (withStartClass) {
                put(
                        out,
                        AgentClassLoader.PREFIX
                                + Internals.START_CLASS.replace('.', '/')
                                + AgentClassLoader.CLASS_SUFFIX,
                        new byte[0]);
            }
        }
        return jar;
    }

    private static void put(JarOutputStream out, String name, byte[] bytes) throws IOException {
        out.putNextEntry(new JarEntry(name));
        OutputStream o = out;
        o.write(bytes);
        out.closeEntry();
    }
}
