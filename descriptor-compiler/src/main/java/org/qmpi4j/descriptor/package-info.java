/**
 * The binding descriptor compiler, run by the agent's build and by its tests, never shipped: reads
 * each descriptor text (the format is described in {@link org.qmpi4j.descriptor.DescriptorParser}),
 * checks it line by line ({@code DescriptorParser}) and across lines ({@code DescriptorChecker}),
 * and writes the compiled form the agent reads (module {@code descriptor-form}, {@code
 * org.qmpi4j.descriptorform.CompiledForm}, which holds both the writer and the agent's reader). Entry point:
 * {@link org.qmpi4j.descriptor.DescriptorCompiler}.
 */
package org.qmpi4j.descriptor;
