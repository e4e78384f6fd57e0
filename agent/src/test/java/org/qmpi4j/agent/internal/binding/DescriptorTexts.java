package org.qmpi4j.agent.internal.binding;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.qmpi4j.descriptor.DescriptorCompiler;

/** Descriptor texts of the tests, compiled by the build's compiler and read as the agent reads them. */
final class DescriptorTexts {
    private DescriptorTexts() {}

    /** The descriptor {@code text}, its mappings numbered from {@code firstId}. */
    static BindingDescriptor read(String resource, String text, int firstId) {
        try {
            return CompiledDescriptor.read(
                    new ByteArrayInputStream(DescriptorCompiler.compile(resource, text)), firstId);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A catalog of the descriptors given as resource name, text, ..., in order, every one read now:
     * compiled into a folder with an index, read through a class loader of that folder.
     */
    static BindingCatalog catalog(String... nameThenText) {
        try {
            Path dir = Files.createTempDirectory("descriptors");
            StringBuilder index = new StringBuilder();
            for (int i = 0; i + 1 < nameThenText.length; i += 2) {
                index.append(nameThenText[i]).append('\n');
                Files.write(
                        dir.resolve(nameThenText[i] + CompiledDescriptor.SUFFIX),
                        DescriptorCompiler.compile(nameThenText[i], nameThenText[i + 1]));
            }
            Files.writeString(dir.resolve("index"), index);
            try (URLClassLoader resources =
                    new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
                BindingCatalog c = BindingCatalog.load(resources, "index");
                c.all();
                return c;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A class loader of the resources under {@code dir} alone. */
    static URLClassLoader resources(Path dir) throws IOException {
        return new URLClassLoader(new URL[] {dir.toUri().toURL()}, null);
    }
}
