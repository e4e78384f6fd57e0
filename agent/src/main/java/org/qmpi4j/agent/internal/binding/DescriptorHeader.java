package org.qmpi4j.agent.internal.binding;

import java.util.List;

/**
 * What the catalog keeps of each descriptor it has read: how to recognise the binding (its
 * fingerprints) and how many mapping ids it takes (its {@code map} lines), so that the ids of the
 * descriptors after it stay where they are.
 */
final class DescriptorHeader {
    /** {@code {class, name, descriptor}} of each fingerprint method. */
    final List<String[]> fingerprints;

    final int mappingCount;

    /** {@code {class, name, descriptor, kind}} of each method of the binding's runtime to repair. */
    final List<String[]> repairs;

    DescriptorHeader(List<String[]> fingerprints, int mappingCount, List<String[]> repairs) {
        this.fingerprints = fingerprints;
        this.mappingCount = mappingCount;
        this.repairs = repairs;
    }

    static DescriptorHeader of(BindingDescriptor d) {
        return new DescriptorHeader(d.fingerprints(), d.mappingCount(), d.repairs());
    }
}
