package org.qmpi4j.agent.internal.binding;

import java.io.IOException;
import java.io.InputStream;
import org.qmpi4j.descriptorform.CompiledForm;

/**
 * Reads a binding descriptor in its compiled form, the only form the agent reads: the build's
 * descriptor compiler (module {@code descriptor-compiler}, {@code org.qmpi4j.descriptor}) parsed
 * and checked the text and wrote {@code <descriptor>.compiled}, so the agent builds its
 * {@link BindingDescriptor} without parsing or checking a line (docs/decisions/0006). The form,
 * its writer and its reader are the module {@code descriptor-form}'s ({@link CompiledForm}),
 * shared with the compiler.
 */
final class CompiledDescriptor {
    /** What the compiled resource of a descriptor resource is named: its name and this suffix. */
    static final String SUFFIX = CompiledForm.SUFFIX;

    private CompiledDescriptor() {}

    /** The descriptor compiled in {@code in}, its mappings numbered from {@code firstId}. */
    static BindingDescriptor read(InputStream in, int firstId) throws IOException {
        return new BindingDescriptor(CompiledForm.read(in), firstId);
    }
}
