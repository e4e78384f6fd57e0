/**
 * The compiled form of a binding descriptor, shared by the build's descriptor compiler (module
 * {@code descriptor-compiler}, which writes it) and the agent (which reads it, in {@code
 * org.qmpi4j.agent.internal.binding.CompiledDescriptor}): its model ({@link DescriptorSpec}), its
 * words and numbers ({@link Vocabulary}, {@link RoleKeyword}), its writer and reader
 * ({@link CompiledForm}). Stated once, so the two sides cannot disagree. No parsing or checking
 * here: that stays at build time.
 */
package org.qmpi4j.descriptorform;
