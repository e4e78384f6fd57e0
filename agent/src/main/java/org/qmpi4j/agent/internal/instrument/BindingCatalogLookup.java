package org.qmpi4j.agent.internal.instrument;

import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.api.Nullable;

/**
 * {@link MappingLookup} over the agent's {@link BindingCatalog}: the binding a class loader sees
 * (recognised from class file bytes, cached per loader by the catalog) answers both questions.
 * Constructor mappings are never returned: constructors are not rewritten.
 */
final class BindingCatalogLookup implements MappingLookup {
    private final BindingCatalog catalog;

    BindingCatalogLookup(BindingCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public boolean seesBinding(ClassLoader loader) {
        return catalog.forLoader(loader) != null;
    }

    @Override
    public boolean isBindingClass(ClassLoader loader, String internalName) {
        BindingDescriptor d = catalog.forLoader(loader);
        return d != null && d.ownsClass(internalName);
    }

    @Override
    public @Nullable java.util.List<String[]> repairs(String internalName) {
        return catalog.repairsOf(internalName);
    }

    @Override
    public int find(ClassLoader loader, String declaringClass, String name, String desc) {
        BindingDescriptor d = catalog.forLoader(loader);
        MethodMapping m = d == null ? null : d.find(declaringClass, name, desc);
        return m == null || m.isConstructor() ? NONE : m.id();
    }
}
