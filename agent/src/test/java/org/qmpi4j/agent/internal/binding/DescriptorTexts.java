package org.qmpi4j.agent.internal.binding;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
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

    /** A catalog of the descriptors given as resource name, text, ..., in order, every one read now. */
    static BindingCatalog catalog(String... nameThenText) {
        Object[] compiled = new Object[nameThenText.length];
        for (int i = 0; i + 1 < nameThenText.length; i += 2) {
            compiled[i] = nameThenText[i];
            compiled[i + 1] = DescriptorCompiler.compile(nameThenText[i], nameThenText[i + 1]);
        }
        return BindingCatalog.ofCompiled(compiled);
    }
}
