package org.qmpi4j.agent.internal.instrument;

import org.qmpi4j.api.Nullable;

/**
 * What the rewriter needs to know about the MPI binding: which classes belong to it and which of
 * their methods are mapped to MPI functions. Kept to two questions so that the rewriter does not
 * depend on how bindings are described ({@link BindingCatalogLookup} adapts the binding catalog;
 * tests use a fake). Implementations must be thread-safe and must never load classes: they are
 * asked from inside {@code ClassFileTransformer.transform}, where loading a class can fail with
 * {@code ClassCircularityError} or initialise the binding (which loads a native library).
 */
public interface MappingLookup {
    /** Returned by {@link #find} for methods that are not mapped. */
    int NONE = -1;

    /**
     * Whether any binding is visible from {@code loader}. Classes of loaders that see none cannot
     * call MPI and are skipped before any scan. The default answers {@code true} (always scan).
     */
    default boolean seesBinding(ClassLoader loader) {
        return true;
    }

    /**
     * Whether {@code internalName} (e.g. {@code mpi/Comm}) is a class of the binding visible from
     * {@code loader}. Binding classes are never rewritten, and are where resolution looks for mapped
     * methods.
     */
    boolean isBindingClass(ClassLoader loader, String internalName);

    /**
     * The mapping id of the method {@code name desc} DECLARED in binding class
     * {@code declaringClass} (exact match, no inheritance: the rewriter walks the hierarchy), or
     * {@link #NONE}. Ids are non-negative and are passed to the linker unchanged.
     */
    int find(ClassLoader loader, String declaringClass, String name, String desc);

    /**
     * The methods of class {@code internalName} to repair as it loads, each {@code {class, name,
     * descriptor, kind}}, or {@code null} (the default: none). Repairs are of a binding's runtime,
     * whatever loader defines it.
     */
    default @Nullable java.util.List<String[]> repairs(String internalName) {
        return null;
    }
}
