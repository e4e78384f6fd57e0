package org.qmpi4j.mpit;

import org.qmpi4j.api.mpit.BindType;

/**
 * Tells whether a Java object is an MPI object of a kind, for handle allocation (the text: the
 * object "must be consistent with the type returned in the bind argument"). Which classes are
 * communicators, datatypes, ... is binding knowledge; the agent answers from the descriptors.
 */
@FunctionalInterface
public interface ObjectKinds {
    /** Accepts any non-null object: for registries used without a binding (tests, listings). */
    ObjectKinds ANY = (kind, object) -> true;

    boolean isKind(BindType kind, Object object);
}
