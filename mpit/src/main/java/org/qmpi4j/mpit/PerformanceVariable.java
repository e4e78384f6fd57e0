package org.qmpi4j.mpit;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.mpit.library.LibraryPvar;

/**
 * A registered performance variable: its index, fixed metadata and source. The source is either a
 * definition (the agent's and the tools' variables) or the MPI library ({@link #library}).
 */
final class PerformanceVariable {
    final int index;
    /** The definition of an agent or tool variable; {@code null} for the library's. */
    final @Nullable PvarDefinition definition;

    final PvarInfo info;
    /** Where a library variable lives; {@code null} for the agent's and the tools'. */
    final @Nullable LibrarySource library;

    final @Nullable LibraryPvar libraryVariable;

    PerformanceVariable(int index, PvarDefinition d) {
        this.index = index;
        this.definition = d;
        this.info = d.info();
        this.library = null;
        this.libraryVariable = null;
    }

    PerformanceVariable(int index, PvarInfo info, LibrarySource library, LibraryPvar libraryVariable) {
        this.index = index;
        this.definition = null;
        this.info = info;
        this.library = library;
        this.libraryVariable = libraryVariable;
    }

    PvarClass varClass() {
        return info.varClass();
    }

    /** The lookup key of {@code MPI_T_PVAR_GET_INDEX}: names are unique per class. */
    static String key(String name, PvarClass c) {
        return c.name() + ':' + name;
    }

    @Override
    public String toString() {
        return info.name() + " (" + info.varClass() + ")";
    }
}
