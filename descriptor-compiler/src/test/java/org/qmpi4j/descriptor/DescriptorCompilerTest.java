package org.qmpi4j.descriptor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.descriptorform.BindingFact;
import org.qmpi4j.descriptorform.CompiledForm;
import org.qmpi4j.descriptorform.DescriptorSpec;

class DescriptorCompilerTest {
    private static final String MINI = "binding mini\ntitle Mini\npackages mini/\nfingerprint mini/A f ()V\n"
            + "fact buffers array-offset\nfact free no-op\nfact receives at-completion\n";

    @Test
    void compilesEveryDescriptorTheIndexListsAndCopiesTheIndex(@TempDir Path dir) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path out = dir.resolve("out");
        Files.writeString(src.resolve("bindings.index"), "# two\none.binding\n\ntwo.binding\n");
        Files.writeString(src.resolve("one.binding"), MINI + "map mini/A f ()V MPI_BARRIER canonical\n");
        Files.writeString(src.resolve("two.binding"), MINI.replace("binding mini", "binding two"));
        DescriptorCompiler.compileAll(src, out, "res/b/");
        assertThat(out.resolve("bindings.index")).hasSameTextualContentAs(src.resolve("bindings.index"));
        assertThat(Files.readAllBytes(out.resolve("one.binding.compiled")))
                .isEqualTo(
                        DescriptorCompiler.compile("res/b/one.binding", Files.readString(src.resolve("one.binding"))));
        assertThat(out.resolve("two.binding.compiled")).exists();
        assertThat(out.resolve("one.binding")).as("no text among the outputs").doesNotExist();
    }

    @Test
    void aMalformedDescriptorFailsWithItsLine(@TempDir Path dir) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Files.writeString(src.resolve("bindings.index"), "one.binding\n");
        Files.writeString(
                src.resolve("one.binding"), MINI + "map mini/A f ()V MPI_NOPE canonical\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> DescriptorCompiler.compileAll(src, dir.resolve("out"), "res/b/"))
                .isInstanceOf(DescriptorException.class)
                .hasMessageStartingWith("res/b/one.binding:8: unknown MPI function 'MPI_NOPE'")
                .satisfies(e -> {
                    assertThat(((DescriptorException) e).line()).isEqualTo(8);
                    assertThat(((DescriptorException) e).detail()).startsWith("unknown MPI function");
                });
    }

    @Test
    void anIndexNamingNoFileFailsWithItsLine(@TempDir Path dir) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Files.writeString(src.resolve("bindings.index"), "# one\ngone.binding\n");
        assertThatThrownBy(() -> DescriptorCompiler.compileAll(src, dir.resolve("out"), "res/b/"))
                .isInstanceOf(DescriptorException.class)
                .hasMessage("res/b/bindings.index:2: no descriptor gone.binding");
        Files.writeString(src.resolve("bindings.index"), "# none\n");
        assertThatThrownBy(() -> DescriptorCompiler.compileAll(src, dir.resolve("out"), "res/b/"))
                .hasMessage("res/b/bindings.index:0: lists no binding descriptors");
    }

    @Test
    void theFactsSurviveTheCompiledForm() throws IOException {
        DescriptorSpec read =
                CompiledForm.read(new ByteArrayInputStream(DescriptorCompiler.compile("res/b/mini", MINI)));
        assertThat(read.facts)
                .containsOnly(
                        entry(BindingFact.BUFFERS, "array-offset"),
                        entry(BindingFact.FREE, "no-op"),
                        entry(BindingFact.RECEIVES, "at-completion"));
        DescriptorSpec other = CompiledForm.read(new ByteArrayInputStream(DescriptorCompiler.compile(
                "res/b/mini",
                MINI.replace("array-offset", "nio")
                        .replace("no-op", "invalidates")
                        .replace("at-completion", "in-place"))));
        assertThat(other.facts)
                .containsOnly(
                        entry(BindingFact.BUFFERS, "nio"),
                        entry(BindingFact.FREE, "invalidates"),
                        entry(BindingFact.RECEIVES, "in-place"));
    }

    @Test
    void aDescriptorWithoutAFactFailsTheBuild(@TempDir Path dir) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Files.writeString(src.resolve("bindings.index"), "one.binding\n");
        Files.writeString(
                src.resolve("one.binding"),
                MINI.replace("fact free no-op\nfact receives at-completion\n", ""),
                StandardCharsets.UTF_8);
        assertThatThrownBy(() -> DescriptorCompiler.compileAll(src, dir.resolve("out"), "res/b/"))
                .isInstanceOf(DescriptorException.class)
                .hasMessageStartingWith("res/b/one.binding:0: missing 'fact free <invalidates|no-op>' line");
        assertThat(dir.resolve("out/one.binding.compiled")).doesNotExist();
    }
}
